import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { initialLocale, loadEnglish } from '../i18n';

// Browser history (real paths such as /cdn/domain), not react-admin's default hash router.
// Navigations commit at once (no transition): react-admin's sign-out navigates and then clears its
// query cache; inside a transition the old page stayed mounted, re-ran its session check, signed out
// again and restarted the navigation — seconds of loop before the login page appeared.
// An English start loads its messages before the first render (Chinese ones are in the entry).
void (initialLocale() === 'en' ? loadEnglish().catch(() => undefined) : Promise.resolve()).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter useTransitions={false}>
        <App />
      </BrowserRouter>
    </StrictMode>,
  ),
);
