import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPagesAt } from './app/routes';
import './index.css';

/** How long the first render waits for the opening page's code before showing its spinner instead. */
const OPENING_PAGE_WAIT_MS = 3000;

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// The opening page's code is already on its way (its HTML names it as a modulepreload): wait for
// it, so the page paints whole rather than a spinner it then replaces and pushes the footer down.
void Promise.race([
  preloadPagesAt(window.location.pathname).catch(() => undefined),
  new Promise((resolve) => setTimeout(resolve, OPENING_PAGE_WAIT_MS)),
]).then(() => {
  const root = createRoot(container);
  // Rendered as a transition, so React yields to the browser every few milliseconds instead of
  // holding the main thread for the whole first render (one long task a phone feels as a frozen page).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
