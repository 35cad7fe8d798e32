/**
 * How to use the wall, read by screen readers as the wall's description (aria-describedby, set
 * by the stage, stage/wall-stage.tsx). One board at a time, so one fixed id.
 */
import { useWords } from '../../../ui/i18n/words.ts';

export const WALL_HELP_ID = 'wall-help';

export function WallHelp() {
  const t = useWords();
  return (
    <p id={WALL_HELP_ID} className="visually-hidden">
      {t('board.help.move')} {t('board.help.sign')}
    </p>
  );
}
