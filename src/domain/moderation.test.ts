import { describe, expect, it } from 'vitest';
import {
  hideFromMs,
  parseModerateHash,
  isKnownReason,
  reasonSummary,
  reportCounts,
  reportedFromRows,
  signatureFigures,
  spotTakenBy,
  strokesSvgPath,
} from './moderation.ts';

// Times as the database writes them, and a reader for them (the rules take time in, as ms).
const T = (s: string) => `2026-11-24T05:${s}.000000+00:00`;
const msOf = (iso: string) => Number(iso.slice(14, 16)) * 60_000 + Number(iso.slice(17, 19)) * 1000;

describe('reportedFromRows', () => {
  it('orders most reported first, then most recently reported, reports newest first', () => {
    const rows = [
      { signature_id: 1, report_count: 1, last_reported_at: T('10:00'), reports: [] },
      {
        signature_id: 2,
        report_count: 2,
        last_reported_at: T('01:00'),
        reports: [
          { reason: 'spam', note: null, created_at: T('00:30') },
          { reason: 'offensive', note: 'rude', created_at: T('01:00') },
        ],
      },
      { signature_id: 3, report_count: 1, last_reported_at: T('20:00'), reports: [] },
    ];
    const out = reportedFromRows(rows, msOf);
    expect(out.map((r) => r.signatureId)).toEqual([2, 3, 1]);
    expect(out[0]!.reports.map((r) => r.reason)).toEqual(['offensive', 'spam']);
    expect(out[0]!.reports[0]).toEqual({
      reason: 'offensive',
      note: 'rude',
      createdAt: T('01:00'),
    });
    expect(reportCounts(out).get(2)).toBe(2);
  });

  it('skips what is not a row and counts the reports when the count is missing', () => {
    const out = reportedFromRows(
      [
        null,
        { signature_id: 'x' },
        { signature_id: 4, reports: [{ reason: 'other', created_at: T('00:00'), note: '' }, 7] },
      ],
      msOf,
    );
    expect(out).toEqual([
      {
        signatureId: 4,
        reportCount: 1,
        lastReportedAt: T('00:00'),
        reports: [{ reason: 'other', note: null, createdAt: T('00:00') }],
      },
    ]);
    expect(reportedFromRows({ not: 'rows' }, msOf)).toEqual([]);
  });
});

describe('reasons', () => {
  it('knows the four wire reasons, and no other', () => {
    expect(isKnownReason('personal_information')).toBe(true);
    expect(isKnownReason('toString')).toBe(false);
    expect(isKnownReason('new_reason')).toBe(false);
  });

  it('summarises reasons most given first', () => {
    const at = T('00:00');
    expect(
      reasonSummary(
        [
          { reason: 'offensive', note: null, createdAt: at },
          { reason: 'spam', note: null, createdAt: at },
          { reason: 'spam', note: null, createdAt: at },
        ],
        (reason) => reason.toUpperCase(),
      ),
    ).toBe('SPAM ×2, OFFENSIVE');
  });
});

describe('hideFromMs', () => {
  // The day's time in ms: noon, and a datetime-local value read as that day's time.
  const now = 12 * 3_600_000;
  const local = (v: string) => {
    const [h = '', m = '', s = '0'] = v.slice(11).split(':');
    return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000;
  };

  it('reaches back 10 minutes, 1 hour and 1 day', () => {
    expect(hideFromMs({ kind: 'window', id: '10m' }, now, local)).toBe(now - 600_000);
    expect(hideFromMs({ kind: 'window', id: '1h' }, now, local)).toBe(now - 3_600_000);
    expect(hideFromMs({ kind: 'window', id: '1d' }, now, local)).toBe(now - 86_400_000);
  });

  it('takes a datetime-local time in the past, to the second', () => {
    expect(hideFromMs({ kind: 'time', local: '2026-11-24T11:30' }, now, local)).toBe(
      now - 1_800_000,
    );
    expect(hideFromMs({ kind: 'time', local: '2026-11-24T11:59:30' }, now, local)).toBe(
      now - 30_000,
    );
  });

  it('refuses no time, a malformed one, and a time in the future', () => {
    expect(hideFromMs({ kind: 'time', local: '' }, now, local)).toBeNull();
    expect(hideFromMs({ kind: 'time', local: '2026-11-24' }, now, local)).toBeNull();
    expect(hideFromMs({ kind: 'time', local: '2026-13-45T99:99' }, now, local)).toBeNull();
    expect(hideFromMs({ kind: 'time', local: '2026-11-24T12:01' }, now, local)).toBeNull();
  });
});

describe('signatureFigures', () => {
  it('counts strokes, points, UTF-8 bytes and the padded outline', () => {
    const text = '[[[10,20],[110,70]],[[50,50]]]';
    const figures = signatureFigures(text);
    expect(figures).toMatchObject({ strokes: 2, points: 3, bytes: text.length });
    // The outline is the points' box padded on every side (OUTLINE_PADDING).
    expect(figures.outline!.width - 100).toBe(figures.outline!.height - 50);
    expect(figures.outline!.width).toBeGreaterThan(100);
  });

  it('reads legacy flat points as one stroke, and an unreadable text as no strokes', () => {
    expect(signatureFigures('[[1,2],[3,4]]')).toMatchObject({ strokes: 1, points: 2 });
    expect(signatureFigures('nope')).toEqual({ strokes: 0, points: 0, bytes: 4, outline: null });
  });
});

describe('the address and the server messages', () => {
  it('selects #id=<n> and nothing else', () => {
    expect(parseModerateHash('#id=42')).toBe(42);
    expect(parseModerateHash('#x=1&id=7')).toBe(7);
    for (const hash of ['', '#id=', '#id=0', '#id=-3', '#id=4e2', '#id=1234567890123456']) {
      expect(parseModerateHash(hash)).toBeNull();
    }
  });

  it('finds the signature an unhide refusal names', () => {
    expect(spotTakenBy('signature #12 cannot be unhidden: signature #34 is now in its spot')).toBe(
      34,
    );
    expect(spotTakenBy('conflict')).toBeNull();
  });

  it('draws each stroke as one subpath, a lone point as a dot', () => {
    expect(
      strokesSvgPath([
        [
          [1, 2],
          [3, 4],
        ],
        [[5, 6]],
      ]),
    ).toBe('M1 2L3 4M5 6L5 6');
  });
});
