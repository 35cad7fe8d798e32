/**
 * The wall embedded in someone else's page: a host site on another loopback address (127.0.0.2,
 * while the wall is on 127.0.0.1: another site, so the browser treats the frame as a third party,
 * partitioning its storage) serving the pages a test writes, and a page object for the wall's frame
 * in it. Pointer input goes to the host page's coordinates (the frame's offset added), as a
 * visitor's mouse or finger would.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Locator, Page } from '@playwright/test';
import { expect, line, test as boardTest, type Board, type XY } from './board.ts';

export const HOST_ADDRESS = '127.0.0.2';

export interface HostSite {
  /** e.g. `http://127.0.0.2:41234`. */
  readonly origin: string;
  /** Serves `html` at `path` from now on. */
  page(path: string, html: string): string;
  close(): Promise<void>;
}

export async function startHostSite(): Promise<HostSite> {
  const pages = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const html = pages.get((request.url ?? '/').split('?')[0]!);
    response.writeHead(html === undefined ? 404 : 200, { 'Content-Type': 'text/html' });
    response.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, HOST_ADDRESS, resolve));
  const origin = `http://${HOST_ADDRESS}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    page(path, html) {
      pages.set(path, html);
      return `${origin}${path}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A plain page of the host site: a heading, some text, then `body` (a snippet, an element). */
export function hostPage(body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>My page</title>${head}
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:720px;margin:0 auto;padding:16px;color:#222;background:#fafafa}</style>
</head><body><h1>Hello, I'm Sam</h1><p>Thanks for passing by. Sign my wall below!</p>
${body}
<p>Back to <a href="#">my home page</a>.</p></body></html>`;
}

/**
 * A script for the host page that records what the wall's frames tell it, checking the sender's
 * origin as a host page must: `window.__fromWall` (messages) and `window.__savedEvents` (the
 * snippet's `signwall:saved` DOM events).
 */
export function recordWallMessages(wallOrigin: string): string {
  return `<script>
window.__fromWall = []; window.__savedEvents = [];
addEventListener('message', (event) => {
  if (event.origin !== ${JSON.stringify(wallOrigin)}) return;
  window.__fromWall.push(event.data);
});
document.addEventListener('signwall:saved', (event) => window.__savedEvents.push(event.detail));
</script>`;
}

/** The wall's frame in the host page. */
export class EmbedFrame {
  constructor(
    readonly page: Page,
    readonly element: Locator,
  ) {}

  async frame(): Promise<Frame> {
    const handle = await this.element.elementHandle();
    const frame = await handle!.contentFrame();
    if (!frame) throw new Error('the wall frame has no document');
    return frame;
  }

  /** Where the frame sits in the host page's viewport. */
  async box(): Promise<{ x: number; y: number; width: number; height: number }> {
    await this.element.scrollIntoViewIfNeeded();
    return (await this.element.boundingBox())!;
  }

  locator(selector: string): Locator {
    return this.page.frameLocator(`iframe[src*="/embed"]`).locator(selector);
  }

  get content() {
    return this.page.frameLocator('iframe[src*="/embed"]');
  }

  get toast(): Locator {
    return this.content.getByTestId('toast');
  }

  /** Every toast the frame showed (board.ts's recorder runs in frames too). */
  async toastsShown(): Promise<string[]> {
    return (await this.frame()).evaluate(
      () => (window as unknown as { __toasts: string[] }).__toasts,
    );
  }

  /** The frame's stage: screen = wall × scale + offset, in the frame's own coordinates. */
  async camera(): Promise<{ x: number; y: number; scale: number }> {
    return (await this.frame()).evaluate(() => {
      const konva = (
        window as unknown as {
          Konva: { stages: Array<{ x(): number; y(): number; scaleX(): number }> };
        }
      ).Konva;
      const stage = konva.stages[0]!;
      return { x: stage.x(), y: stage.y(), scale: stage.scaleX() };
    });
  }

  /** The wall point at the middle of the frame, rounded. */
  async centre(): Promise<XY> {
    const [c, box] = [await this.camera(), await this.box()];
    return [
      Math.round((box.width / 2 - c.x) / c.scale),
      Math.round((box.height / 2 - c.y) / c.scale),
    ];
  }

  /** The host page's point showing a wall point. */
  async pageOf([x, y]: XY): Promise<XY> {
    const [c, box] = [await this.camera(), await this.box()];
    return [box.x + x * c.scale + c.x, box.y + y * c.scale + c.y];
  }

  /** Waits for the board inside to have the whole wall (the load's toast). */
  async loaded(): Promise<void> {
    await expect.poll(() => this.toastsShown().catch(() => [])).toContain('Signatures loaded!');
  }

  async mouseStroke(points: readonly XY[]): Promise<void> {
    const [first, ...rest] = points;
    await this.page.mouse.move(first![0], first![1]);
    await this.page.mouse.down();
    for (const [x, y] of rest) await this.page.mouse.move(x, y);
    await this.page.mouse.up();
  }

  /** A line of page points from `a` to `b` (board.ts's line). */
  static line(a: XY, b: XY, steps = 10): XY[] {
    return line(a, b, steps);
  }
}

/** Board's test (toasts, crashes and pointer logs recorded in every frame) plus a host site. */
export const test = boardTest.extend<{ host: HostSite }>({
  // eslint-disable-next-line no-empty-pattern
  host: async ({}, provide) => {
    const host = await startHostSite();
    await provide(host);
    await host.close();
  },
});

export type { Board };
export { expect };
