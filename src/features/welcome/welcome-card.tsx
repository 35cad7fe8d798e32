/** The first thing a visitor sees on every path but /export (spec §2). */
import type { Locale } from '../../domain/locales.ts';
import { useWords } from '../../ui/i18n/words.ts';
import { LanguagePicker } from './language-picker.tsx';
import './welcome.css';

/**
 * `ready` is false only in the copies pre-rendered into the built pages
 * (scripts/prerender-welcome.ts): until the app has loaded, Sign! and the picker are disabled
 * rather than controls whose use is lost.
 */
export function WelcomeCard({
  onSign,
  onLanguage,
  ready = true,
}: {
  onSign: () => void;
  onLanguage: (locale: Locale) => void;
  ready?: boolean;
}) {
  const t = useWords();
  return (
    <main className="welcome">
      <section className="card welcome-card" aria-labelledby="welcome-heading">
        <h1 id="welcome-heading">{t('welcome.heading')}</h1>
        <p>{t('welcome.intro')}</p>
        <p>{t('welcome.honor')}</p>
        <button type="button" className="welcome-sign" onClick={onSign} disabled={!ready}>
          {t('welcome.sign')}
        </button>
        <LanguagePicker onChoose={onLanguage} disabled={!ready} />
      </section>
    </main>
  );
}
