/**
 * /moderate's reads of reports (src/data/moderation.ts) with real supabase-js against the real
 * server on each backend: reported_signatures as the page orders and reads it, dismiss_reports'
 * count, where community hiding stands (the page's check of the key, before it shows anything),
 * and the reports functions refusing any key but the service role's (how the page turns away a key
 * that reads the wall but is not the moderator's).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  dismissReports,
  fetchCommunityHiding,
  fetchReported,
  KeyRefusedError,
} from '../../src/data/moderation.ts';
import { backends, clientFrom, makeClient, useServer, signWith } from './harness.ts';

const SERVICE_KEY = 'sk_test_moderation_reports_0123456789abcdefghij';

describe.each(backends)('the moderation page reports on $name', (backend) => {
  const ctx = useServer(backend, { app: { serviceRoleKey: SERVICE_KEY } });
  let owner: SupabaseClient;
  beforeAll(() => {
    owner = makeClient(ctx.server.url, SERVICE_KEY);
  });

  const add = () => signWith(ctx.server.client);

  async function report(from: string, id: number, reason: string, note: string | null = null) {
    const visitor = clientFrom(ctx.server, from);
    try {
      const { error } = await visitor.client.rpc('report_signature', {
        signature_id: id,
        reason,
        note,
      });
      expect(error).toBeNull();
    } finally {
      visitor.close();
    }
  }

  it('reads the reported signatures most reported first, each report newest first', async () => {
    const once = await add();
    const twice = await add();
    await report('127.0.0.41', once, 'spam');
    await report('127.0.0.41', twice, 'offensive', 'rude');
    await report('127.0.0.42', twice, 'other');

    const reported = await fetchReported(owner);
    expect(reported.map((r) => [r.signatureId, r.reportCount])).toEqual([
      [twice, 2],
      [once, 1],
    ]);
    expect(reported[0]!.reports.map((r) => [r.reason, r.note])).toEqual([
      ['other', null],
      ['offensive', 'rude'],
    ]);

    expect(await dismissReports(owner, twice)).toBe(2);
    expect(await dismissReports(owner, twice)).toBe(0);
    expect((await fetchReported(owner)).map((r) => r.signatureId)).toEqual([once]);
  });

  it('refuses the public key as the key refused', async () => {
    await expect(fetchReported(ctx.server.client)).rejects.toBeInstanceOf(KeyRefusedError);
  });

  it("checks the key with where community hiding stands: the owner's answer, anyone else's refusal", async () => {
    await expect(fetchCommunityHiding(ctx.server.client)).rejects.toBeInstanceOf(KeyRefusedError);
    const wrong = makeClient(ctx.server.url, 'sk_test_not_the_key_0123456789abcdefghijklmnop');
    await expect(fetchCommunityHiding(wrong)).rejects.toBeInstanceOf(KeyRefusedError);
    const kept = await add();
    await report('127.0.43.1', kept, 'spam');
    await dismissReports(owner, kept);
    await report('127.0.44.1', kept, 'spam');
    const hiding = await fetchCommunityHiding(owner);
    expect(hiding).toMatchObject({
      reportsToHide: 0,
      hidesPerHour: 10,
      hiddenLastHour: 0,
      paused: false,
      resumesAt: null,
    });
    expect([...hiding.kept]).toContain(kept);
    expect(hiding.waiting.size).toBe(0);
  });
});
