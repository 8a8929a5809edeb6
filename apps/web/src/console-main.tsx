import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { addLocales } from './lib/i18n.ts';
import consoleLocale from './locales/console.ts';
import consoleOps from './locales/console-ops.ts';
import consoleParcels from './locales/console-parcels.ts';
import consoleWords from './locales/console-words.ts';
import consoleReview from './locales/console-review.ts';
import consoleCohort from './locales/console-cohort.ts';
import consoleExports from './locales/console-exports.ts';
import './styles.css';
import { AppProviders } from './app/providers.tsx';
import { ConsoleApp } from './features/console/console-app.tsx';

addLocales(consoleLocale, consoleOps, consoleParcels, consoleWords, consoleReview, consoleCohort, consoleExports);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <ConsoleApp />
    </AppProviders>
  </StrictMode>,
);
