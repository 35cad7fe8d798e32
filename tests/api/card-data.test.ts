/**
 * The signature card's data functions (src/data) against the real server, through the
 * REST client the app builds: what each answer of report_signature and remove_my_signature is
 * told as, and that the browser's removal key (a secret and its SHA-256, made with Web Crypto)
 * is the one the database checks: a signature saved with it is removed with it.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDataApi, type DataApi } from '../../src/data/client.ts';
import { removeMySignature } from '../../src/data/removal.ts';
import { createRemovalKey } from '../../src/data/removal-secrets.ts';
import { reportSignature } from '../../src/data/reports.ts';
import { insertSignature } from '../../src/data/signatures.ts';
import { parseStrokes } from '../../src/domain/signature.ts';
import { backends, nextSignature, useServer, type TestServer } from './harness.ts';

function appApi(server: TestServer): DataApi {
  return createDataApi(`${server.url}/rest/v1`, server.anonKey);
}

/** Saves a signature as the app does, with a removal hash when given one. */
async function save(api: DataApi, removalHash: string | null = null): Promise<number> {
  const strokes = parseStrokes(nextSignature())!;
  return (await insertSignature({ strokes, caption: null, removalHash }, api)).id;
}

describe('the browser’s removal key', () => {
  it('is 32 random bytes as 64 hex characters and their SHA-256 in hex', async () => {
    const a = (await createRemovalKey())!;
    const b = (await createRemovalKey())!;
    expect(a.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(a.hash).toBe(createHash('sha256').update(a.secret, 'utf8').digest('hex'));
    expect(b.secret).not.toBe(a.secret);
  });
});

describe.each(backends)('the card’s data functions on $name', (backend) => {
  const ctx = useServer(backend);

  it('a report is sent; the same browser reporting it again is told it already did', async () => {
    const api = appApi(ctx.server);
    const id = await save(api);
    const report = { signatureId: id, reason: 'spam' as const, note: 'an advert' };
    expect(await reportSignature(report, api)).toBe('sent');
    expect(await reportSignature({ ...report, reason: 'offensive', note: null }, api)).toBe(
      'already-reported',
    );
  });

  it('a report of a signature that is not there is told it is gone', async () => {
    const api = appApi(ctx.server);
    expect(await reportSignature({ signatureId: 9e9, reason: 'other', note: null }, api)).toBe(
      'gone',
    );
  });

  it('the key the app saved with removes the signature; another secret is refused', async () => {
    const api = appApi(ctx.server);
    const key = (await createRemovalKey())!;
    const id = await save(api, key.hash);
    const other = (await createRemovalKey())!;
    expect(await removeMySignature(id, other.secret, api)).toBe('refused');
    expect(await removeMySignature(id, key.secret, api)).toBe('removed');
    const { data } = await api.from('signatures').select('id').eq('id', id);
    expect(data).toEqual([]);
    // Removed already: nothing left to remove.
    expect(await removeMySignature(id, key.secret, api)).toBe('gone');
  });

  it('after 10 minutes the removal is too late; a signature saved without a key is refused', async () => {
    const api = appApi(ctx.server);
    const key = (await createRemovalKey())!;
    const id = await save(api, key.hash);
    await ctx.server.db.transaction((tx) =>
      tx.query(
        "update public.signatures set created_at = now() - interval '10 minutes 1 second' where id = $1",
        [id],
      ),
    );
    expect(await removeMySignature(id, key.secret, api)).toBe('too-late');
    const keyless = await save(api);
    expect(await removeMySignature(keyless, key.secret, api)).toBe('refused');
  });
});

describe.each(backends)('a flood of reports on $name', (backend) => {
  const ctx = useServer(backend);

  it('the 21st report within the hour from one address is told to wait', async () => {
    const api = appApi(ctx.server);
    const outcomes: string[] = [];
    for (let i = 0; i < 21; i++) {
      const id = await save(api);
      outcomes.push(await reportSignature({ signatureId: id, reason: 'spam', note: null }, api));
    }
    expect(outcomes.slice(0, 20).every((o) => o === 'sent')).toBe(true);
    expect(outcomes[20]).toBe('too-many');
  });
});
