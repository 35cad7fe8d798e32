/**
 * The board's live updates come over Realtime while its socket is joined (src/data/wall-changes.ts)
 * and by polling otherwise. Tests of the polling fallback close every Realtime socket the page
 * opens, as a network that drops WebSockets would.
 */
import type { Page } from '@playwright/test';

export const REALTIME_SOCKET = /\/realtime\/v1\/websocket/;

/** Every Realtime socket this page opens is closed at once: the board falls back to polling. */
export async function withoutRealtime(page: Page): Promise<void> {
  await page.routeWebSocket(REALTIME_SOCKET, (socket) => socket.close());
}

/**
 * Watches the page's Realtime sockets from inside the page (any engine: Playwright's WebSocket
 * events are Chromium's only here): call before the page opens, then `joined()` resolves once the
 * wall channel is joined (the server's 'Subscribed to PostgreSQL').
 */
export async function watchRealtime(
  page: Page,
): Promise<{ joined(): Promise<void>; extensions(): Promise<string> }> {
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    class Watched extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener('open', () => {
          (window as unknown as { realtimeExtensions: string }).realtimeExtensions =
            this.extensions;
        });
        this.addEventListener('message', (event: MessageEvent) => {
          if (String(event.data).includes('Subscribed to PostgreSQL')) {
            (window as unknown as { realtimeJoined: boolean }).realtimeJoined = true;
          }
        });
      }
    }
    window.WebSocket = Watched;
  });
  return {
    joined: async () => {
      await page.waitForFunction(
        () => (window as unknown as { realtimeJoined?: boolean }).realtimeJoined === true,
      );
    },
    /** What the last socket negotiated (`WebSocket.extensions`), once joined. */
    extensions: () =>
      page.evaluate(() => (window as unknown as { realtimeExtensions: string }).realtimeExtensions),
  };
}

/**
 * Holds what the page sends on its Realtime sockets (its join first) until `release()`: the
 * server subscribes the page only then, so nothing removed before that is pushed to it.
 */
export async function holdJoin(page: Page): Promise<{ release(): void }> {
  let open = false;
  const held: Array<() => void> = [];
  await page.routeWebSocket(REALTIME_SOCKET, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      const send = () => server.send(message);
      if (open) send();
      else held.push(send);
    });
  });
  return {
    release() {
      open = true;
      for (const send of held.splice(0)) send();
    },
  };
}
