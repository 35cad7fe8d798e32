// First: on /export it starts the export's workers before the rest of the app is evaluated.
import './features/export/start-on-export-visit.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_LOCALE } from './domain/locales.ts';
import { App } from './app/app.tsx';
import { activateLocale } from './ui/i18n/catalog.ts';
import { openingLocale } from './ui/i18n/locale-choice.ts';
import './app/global.css';

// On `/` the root already holds the pre-rendered welcome card (scripts/prerender-welcome.ts), in
// the language the server chose. A fresh root, not hydration: React's first commit swaps in
// identical markup in one go (no flash, no shift: the styles are already there), and the app may
// rightly render something else first (a config problem, a route that decodes its own path)
// without a hydration-mismatch error. Until then 'Sign!' is a plain button: a click does nothing.
// The first render waits for the language's first words (English's are here already): rendering
// before them would replace the card with another language's for a moment. It renders as a
// transition, in slices that leave the page free between them: the card is on screen already,
// and React's first render of the app is its slowest (about 250 ms in one task on a phone).
function render(): void {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

activateLocale(openingLocale())
  // Its words could not be fetched: English, rather than no page.
  .catch(() => activateLocale(DEFAULT_LOCALE))
  .then(render, render);
