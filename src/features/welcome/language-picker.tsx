/**
 * The welcome card's 'Language' picker: every language the app speaks, each by its own name. A
 * choice is remembered (the app's `onChoose`), and the page switches to it at once.
 */
import { useId, useState } from 'react';
import { LOCALES, type Locale } from '../../domain/locales.ts';
import { useLocale, useWords } from '../../ui/i18n/words.ts';

export function LanguagePicker({
  onChoose,
  disabled,
}: {
  onChoose: (locale: Locale) => void;
  disabled: boolean;
}) {
  const t = useWords();
  const locale = useLocale();
  const id = useId();
  // A choice shows at once, while its words are still on their way (made in `from`'s words).
  const [choice, setChoice] = useState<{ from: Locale; to: Locale } | null>(null);
  const shown = choice?.from === locale ? choice.to : locale;
  return (
    <div className="welcome-language">
      <label htmlFor={id}>{t('welcome.language')}</label>
      <select
        id={id}
        value={shown}
        disabled={disabled}
        onChange={(e) => {
          const chosen = e.target.value as Locale;
          setChoice({ from: locale, to: chosen });
          onChoose(chosen);
        }}
      >
        {LOCALES.map(({ code, name }) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
