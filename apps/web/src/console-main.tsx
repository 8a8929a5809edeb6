import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n.ts';
import './styles.css';
import { AppProviders } from './app/providers.tsx';
import { ConsoleApp } from './console/console-app.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <ConsoleApp />
    </AppProviders>
  </StrictMode>,
);
