/** The table's rows for Lighthouse's mobile run per wall, each against its target. */
import type { LighthouseWall } from './lighthouse.ts';
import { NA, rowFor, type Row } from './report.ts';

const seconds = (v: number) => `${(v / 1000).toFixed(2)} s`;

export function lighthouseRows(walls: readonly LighthouseWall[]): Row[] {
  return walls.flatMap((w) => {
    const row = rowFor(`LH mobile, ${w.wall}`, w.n);
    const m = w.median;
    if (!m) return [row('Lighthouse', NA(w.error ?? 'not run'), '', null)];
    const of = `(median of ${w.runs.length})`;
    return [
      row(`Lighthouse performance ${of}`, String(m.performance), '≥ 98', m.performance >= 98),
      row('first contentful paint', seconds(m.fcpMs), '≤ 0.8 s', m.fcpMs <= 800),
      row('largest contentful paint', seconds(m.lcpMs), '', null),
      row('total blocking time', `${Math.round(m.tbtMs)} ms`, '≤ 100 ms', m.tbtMs <= 100),
      row(
        'accessibility / best practices / SEO',
        `${m.accessibility} / ${m.bestPractices} / ${m.seo}`,
        '100 / 100 / 100',
        m.accessibility === 100 && m.bestPractices === 100 && m.seo === 100,
      ),
    ];
  });
}
