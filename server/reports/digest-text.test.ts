/**
 * The digest's JSON and messages: a single report keeps the fields it always had, a burst says how
 * many reports on how many signatures, how many hid and whether hiding is paused and why, and a
 * digest of hundreds of signatures stays within Discord's and ntfy's limits.
 */
import { describe, expect, it } from 'vitest';
import {
  digestPayload,
  MAX_BODY_BYTES,
  MAX_MESSAGE_CHARS,
  type Digest,
  type DigestItem,
  type HidingState,
} from './digest-text.ts';

const AT = new Date('2026-11-27T12:00:00.000Z');
const CALM: HidingState = {
  reportsToHide: 3,
  hidesPerHour: 10,
  hiddenLastHour: 0,
  paused: false,
  resumesAt: null,
  waiting: 0,
};

function item(id: number, extra: Partial<DigestItem> = {}): DigestItem {
  return {
    signature_id: id,
    reports: 1,
    offensive: 0,
    spam: 1,
    personal_information: 0,
    other: 0,
    hidden: false,
    held: false,
    kept: false,
    report_count: 1,
    last_reason: 'spam',
    note: null,
    ...extra,
  };
}

function digest(items: DigestItem[], extra: Partial<Digest> = {}): Digest {
  return {
    reports: items.reduce((sum, i) => sum + i.reports, 0),
    signatures: items.length,
    hidden: items.filter((i) => i.hidden).length,
    held: items.filter((i) => i.held && !i.hidden).length,
    firstAt: AT,
    lastAt: AT,
    items,
    hiding: CALM,
    ...extra,
  };
}

describe('digestPayload', () => {
  it('a single report: its fields as before, one line, links to its place on /moderate', () => {
    const payload = digestPayload(
      digest([
        item(812, {
          last_reason: 'personal_information',
          personal_information: 1,
          spam: 0,
          report_count: 2,
          hidden: true,
          note: 'my number <!channel> @everyone',
        }),
      ]),
      'https://wall.example/',
    );
    expect(payload).toMatchObject({
      signature_id: 812,
      reason: 'personal_information',
      note: 'my number <\u200b!channel> @\u200beveryone',
      report_count: 2,
      hidden: true,
      link: 'https://wall.example/moderate#id=812',
      reports: 1,
      signatures: 1,
      hidden_by_reports: 1,
      community_hiding_paused: false,
      allowed_mentions: { parse: [] },
    });
    expect(payload.text).toBe(
      'Signature #812 reported as personal_information (2 reports, now hidden): ' +
        '`my number &lt;\u200b!channel&gt; @\u200beveryone` https://wall.example/moderate#id=812',
    );
    expect(payload.content).toBe(
      'Signature #812 reported as personal_information (2 reports, now hidden): ' +
        '`my number <\u200b!channel> @\u200beveryone` https://wall.example/moderate#id=812',
    );
  });

  it('a report held back by the budget says that hiding is paused, why, and until when', () => {
    const payload = digestPayload(
      digest([item(5, { held: true, report_count: 3 })], {
        hiding: {
          ...CALM,
          hiddenLastHour: 10,
          paused: true,
          resumesAt: new Date('2026-11-27T12:41:30Z'),
          waiting: 4,
        },
      }),
      '',
    );
    expect(payload.text).toBe(
      'Signature #5 reported as spam (3 reports, not hidden: community hiding paused) /moderate#id=5\n' +
        'Community hiding is paused: 10 signatures hidden by reports in the last hour, the most ' +
        'REPORTS_HIDE_PER_HOUR allows (10); 4 reported signatures wait for you; it resumes at 12:41 UTC.',
    );
    expect(payload.community_hiding_paused).toBe(true);
  });

  it('held reports after the budget has room again say that hiding was paused', () => {
    const payload = digestPayload(
      digest([item(6, { held: true, report_count: 3 })], { hiding: { ...CALM, waiting: 1 } }),
      '',
    );
    expect((payload.text as string).split('\n')[1]).toBe(
      "Community hiding was paused when 1 signature of these reached REPORTS_TO_HIDE: the hour's " +
        'REPORTS_HIDE_PER_HOUR (10) was spent; 1 reported signature waits for you.',
    );
  });

  it('a burst: counts over the whole digest first, then the signatures, hidden ones first', () => {
    const items = [
      item(1, { reports: 5, spam: 3, offensive: 2, hidden: true, note: 'see phish.example' }),
      item(2, { reports: 2, spam: 0, other: 2, held: true }),
      item(3, { kept: true }),
    ];
    const payload = digestPayload(
      digest(items, {
        hiding: { ...CALM, hiddenLastHour: 10, paused: true, resumesAt: null, waiting: 1 },
      }),
      'https://wall.example',
    );
    expect(payload).toMatchObject({
      reports: 8,
      signatures: 3,
      hidden_by_reports: 1,
      community_hiding_paused: true,
      link: 'https://wall.example/moderate',
    });
    expect((payload.text as string).split('\n')).toEqual([
      '8 new reports on 3 signatures, 1 hidden by reports, community hiding paused: https://wall.example/moderate',
      'Community hiding is paused: 10 signatures hidden by reports in the last hour, the most REPORTS_HIDE_PER_HOUR allows (10); 1 reported signature waits for you.',
      '• #1: 5 reports (2 offensive, 3 spam), hidden by reports, latest note `see phish[.]example`',
      '• #2: 2 reports (2 other), not hidden: community hiding paused',
      '• #3: 1 report (1 spam), stays up: you kept it',
    ]);
    expect(payload).not.toHaveProperty('signature_id');
  });

  it('hundreds of signatures with long notes stay within 2,000 characters and 4,000 bytes', () => {
    const note = '@everyone '.repeat(20) + '\u{1F600}'.repeat(50);
    const items = Array.from({ length: 300 }, (_, i) =>
      item(1000 + i, { reports: 2, spam: 2, note }),
    );
    const payload = digestPayload(digest(items), 'https://wall.example');
    expect((payload.text as string).length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
    expect((payload.content as string).length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThanOrEqual(MAX_BODY_BYTES);
    expect(payload.text).toMatch(/^600 new reports on 300 signatures: /);
    expect(payload.text).toMatch(/…and \d+ more signatures on \/moderate\.$/);
  });
});
