import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import '@/styles/tokens.css';
import '@/styles/base.css';
// The product's own Chinese font, for machines without one (build/ui-font.ts).
import 'virtual:ui-font.css';
// Before lib/i18n, which waits for the locale: a signed-in first load starts
// its calls and page chunks meanwhile (issue #14).
import '@/app/first-load';
import '@/lib/i18n';
import { App } from '@/app/App';
import { routes } from '@/app/router';
import { registerServiceWorker } from '@/lib/service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <App router={createBrowserRouter(routes)} />
  </StrictMode>,
);

// Installable, with an offline page (issue #28).
registerServiceWorker();
