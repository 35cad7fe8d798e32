import { strokesSvgPath } from '../../domain/moderation.ts';
import type { Rect, Stroke } from '../../domain/geometry.ts';
import { STROKE_STYLE } from '../../domain/presentation.ts';
import { useWords } from '../../ui/i18n/words.ts';

/**
 * The signature's strokes in the wall's colour and round ends, scaled to fit its box: an SVG, so
 * it is sharp at any size and needs no canvas code of the board's. The line keeps 2 screen px
 * whatever the scale (a small signature blown up would otherwise turn into blobs).
 */
export function SignaturePreview({
  strokes,
  outline,
}: {
  strokes: readonly Stroke[];
  outline: Rect;
}) {
  const t = useWords();
  return (
    <svg
      className="moderate-preview"
      viewBox={`${outline.x} ${outline.y} ${outline.width} ${outline.height}`}
      preserveAspectRatio="xMidYMid meet"
      role="img"
      aria-label={t('moderate.details.preview')}
    >
      <path
        d={strokesSvgPath(strokes)}
        fill="none"
        stroke={STROKE_STYLE.stroke}
        strokeWidth={2}
        vectorEffect="non-scaling-stroke"
        strokeLinecap={STROKE_STYLE.lineCap}
        strokeLinejoin={STROKE_STYLE.lineJoin}
      />
    </svg>
  );
}
