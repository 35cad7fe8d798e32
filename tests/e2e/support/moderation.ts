/**
 * The owner's side, for the moderation tests: a server started with a service key, and hiding a
 * signature with it over HTTP, as `npm run moderate -- hide <id>` does.
 */
import type { Page, Request } from '@playwright/test';
import type { WallServer } from './fixtures.ts';

/** For `test.use({ serverEnv: { SERVICE_ROLE_KEY } })`; long enough for the server to accept. */
export const SERVICE_ROLE_KEY = 'signwall-e2e-service-role-key-not-a-real-secret-0123456789';

/** Hides one signature with the service key (PATCH hidden=true), as the owner's CLI does. */
export async function hideSignature(wall: WallServer, id: number): Promise<void> {
  const res = await fetch(`${wall.url}/rest/v1/signatures?id=eq.${id}&select=id`, {
    method: 'PATCH',
    headers: {
      apikey: SERVICE_ROLE_KEY,
      Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    },
    body: JSON.stringify({ hidden: true }),
  });
  const body = await res.text();
  if (res.status !== 200 || JSON.parse(body).length !== 1) {
    throw new Error(`hiding #${id} failed: ${res.status} ${body}`);
  }
}

/** The board's reads of the visible ids (`select=id`), as it makes them. */
export function recordVisibleIdReads(page: Page): { started(): number; answered(): number } {
  const isIdRead = (request: Request) => {
    const url = new URL(request.url());
    // Not the live poll's read of the ids saved since a time (created_at=gte.).
    return (
      url.pathname === '/rest/v1/signatures' &&
      url.searchParams.get('select') === 'id' &&
      !url.searchParams.has('created_at')
    );
  };
  let started = 0;
  let answered = 0;
  page.on('request', (request) => {
    if (isIdRead(request)) started++;
  });
  page.on('requestfinished', (request) => {
    if (isIdRead(request)) answered++;
  });
  page.on('requestfailed', (request) => {
    if (isIdRead(request)) answered++;
  });
  return { started: () => started, answered: () => answered };
}

/** Makes the page report itself hidden (or visible again), as a background tab does. */
export async function setTabHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((hide) => {
    // An own property shadows Document.prototype's getter; deleting it restores the real one.
    if (hide) {
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => 'hidden',
      });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    } else {
      delete (document as unknown as Record<string, unknown>).visibilityState;
      delete (document as unknown as Record<string, unknown>).hidden;
    }
    // As the browser fires it: at the document, bubbling to the window (React Query listens there).
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, hidden);
}
