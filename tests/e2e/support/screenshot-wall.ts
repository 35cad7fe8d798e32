/** The wall the docs' screenshots show (screenshots.docs.ts, language-screenshots.docs.ts). */
import type { Browser, Page } from '@playwright/test';
import type { WallServer } from './fixtures.ts';

export type Pt = [number, number];

/** A loopy, hand-ish signature: a wave with loops along a baseline, in wall coordinates. */
export function scrawl(x: number, y: number, width: number, loops: number, seed: number): Pt[][] {
  const main: Pt[] = [];
  const n = 120;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const a = t * loops * 2 * Math.PI;
    main.push([
      Math.round(x + t * width + Math.sin(a + seed) * 14),
      Math.round(y + Math.cos(a) * 18 * (1 - 0.5 * t) + Math.sin(t * 3 + seed) * 8),
    ]);
  }
  // An underline flourish.
  const under: Pt[] = [];
  for (let i = 0; i <= 20; i++) {
    const t = i / 20;
    under.push([Math.round(x + 10 + t * width * 0.9), Math.round(y + 40 + Math.sin(t * 3) * 6)]);
  }
  return [main, under];
}

export async function seedWall(wall: WallServer): Promise<void> {
  const signatures: Array<[Pt[][], string | null]> = [
    [scrawl(80, 180, 220, 5, 0.3), 'Ada L.'],
    [scrawl(420, 120, 180, 4, 1.1), 'was here :)'],
    [scrawl(760, 260, 260, 6, 2.0), null],
    [scrawl(160, 470, 200, 3, 0.7), 'hello from Lisbon'],
    [scrawl(60, 690, 160, 4, 2.4), 'Grace'],
    [scrawl(230, 330, 110, 3, 1.7), 'k.'],
    // Wrapped within its signature's width, cut with '…' after three lines.
    [
      scrawl(890, 370, 170, 3, 1.3),
      'Margaret H. says hello from the far side of the wall, with a caption much longer than her signature',
    ],
  ];
  for (const [strokes, caption] of signatures) await wall.seed({ strokes, caption });
}

/** A phone's page (390×844 at DPR 3, touch) at `url`, its browser set to `locale` if given. */
export async function phonePage(browser: Browser, url: string, locale?: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    ...(locale ? { locale } : {}),
  });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}
