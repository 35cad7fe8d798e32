/**
 * The owner's /moderate page, driven as the owner would: the key form, the lists, the selected
 * signature's actions and the confirmation dialog.
 */
import { request } from 'node:http';
import { type Locator, type Page } from '@playwright/test';
import { expect } from './expect.ts';
import { ANON_KEY, type WallServer } from './fixtures.ts';

export const KEY_REFUSED = 'That key was refused.';

/** A one-stroke signature to seed, 120 × 30 from (x, y). */
export const at = (x: number, y: number, caption: string | null = null) => ({
  strokes: [
    [
      [x, y],
      [x + 120, y + 30],
    ],
  ],
  caption,
});

export class ModeratePage {
  readonly keyField: Locator;
  readonly status: Locator;
  readonly newest: Locator;
  readonly reported: Locator;
  readonly details: Locator;
  readonly dialog: Locator;

  constructor(
    readonly page: Page,
    readonly wall: WallServer,
  ) {
    this.keyField = page.getByLabel('Moderator key');
    this.status = page.locator('.moderate-status');
    this.newest = page.getByRole('region', { name: 'Newest' });
    this.reported = page.getByRole('region', { name: 'Reported' });
    this.details = page.getByRole('main', { name: 'Selected signature' });
    this.dialog = page.getByRole('alertdialog');
  }

  /** Opens /moderate (with `hash`, e.g. `#id=3`) and, given a key, signs in with it. */
  async open(key: string | null, hash = ''): Promise<void> {
    await this.page.goto(`${this.wall.url}/moderate${hash}`);
    if (key !== null) await this.signIn(key);
  }

  async signIn(key: string): Promise<void> {
    await this.keyField.fill(key);
    await this.keyField.press('Enter');
  }

  /** The row of signature `id` in a list. */
  row(list: Locator, id: number): Locator {
    return list.getByRole('button', { name: new RegExp(`^#${id}\\b`) });
  }

  /** Selects signature `id` in the Newest list and waits for its details. */
  async select(id: number): Promise<void> {
    await this.row(this.newest, id).click();
    await expect(this.details.getByRole('heading', { name: `Signature #${id}` })).toBeVisible();
  }

  action(name: 'Hide' | 'Unhide' | 'Delete' | 'Dismiss reports'): Locator {
    return this.details.getByRole('button', { name, exact: true });
  }

  /** The ids the anonymous data API answers: what every visitor's board can show. */
  async visibleIds(): Promise<number[]> {
    return (await this.wall.rows()).map((row) => row.id).sort((a, b) => a - b);
  }

  /** A screenshot into $MODERATE_SHOTS when it is set (for a person to look at; never compared). */
  async shot(name: string): Promise<void> {
    const dir = process.env.MODERATE_SHOTS;
    if (dir) await this.page.screenshot({ path: `${dir}/${name}.png` });
  }

  async sessionKey(): Promise<string | null> {
    return this.page.evaluate(() => sessionStorage.getItem('signwall.moderator-key'));
  }

  /** Everything this origin keeps in localStorage, as one text. */
  async localStorageText(): Promise<string> {
    return this.page.evaluate(() => JSON.stringify({ ...localStorage }));
  }
}

/**
 * A visitor's report of signature `id`, sent from the local address `from` (127.0.0.x: the server
 * counts one report per signature per address, and takes the socket's address as the visitor's).
 */
export function reportFrom(
  wall: WallServer,
  from: string,
  id: number,
  reason: string,
  note: string | null = null,
): Promise<void> {
  const body = JSON.stringify({ signature_id: id, reason, note });
  const url = new URL('/rest/v1/rpc/report_signature', wall.url);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        localAddress: from,
        headers: {
          apikey: ANON_KEY,
          Authorization: `Bearer ${ANON_KEY}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          res.statusCode === 204
            ? resolve()
            : reject(new Error(`report of #${id} from ${from}: ${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
