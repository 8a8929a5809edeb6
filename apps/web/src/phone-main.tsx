import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PhoneApp } from './features/phone/phone-app.tsx';

// The phone portal's own entry (phone.html, served at /phoneModify): no antd, no desktop layout,
// no console; see ARCHITECTURE.md, "The phone portal".
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PhoneApp />
  </StrictMode>,
);
