import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './app/global.css';

// On `/` the root already holds the pre-rendered welcome card (scripts/prerender-welcome.ts).
// A fresh root, not hydration: React's first commit swaps in identical markup in one go (no flash,
// no shift: the styles are already there), and the app may rightly render something else first (a
// config problem, a route that decodes its own path) without a hydration-mismatch error. Until
// then 'Sign!' is a plain button: a click does nothing.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
