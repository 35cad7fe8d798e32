import { I18nProvider } from '@lingui/react';
import { use, type ReactNode } from 'react';
import type { Locale } from '../../domain/locales.ts';
import { i18n, loadPart, partLoaded, type CatalogPart } from './catalog.ts';
import { useLocale } from './words.ts';

/** The app's words for everything inside (the first part is loaded before the first render). */
export function WordsProvider({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/**
 * Renders `children` once the active language's `part` is in: suspends until then (the nearest
 * Suspense shows its fallback), and throws to the error boundary if it cannot load.
 */
export function WordsFor({ part, children }: { part: CatalogPart; children: ReactNode }) {
  const locale: Locale = useLocale();
  if (!partLoaded(locale, part)) use(loadPart(locale, part));
  return children;
}
