import { describe, expect, it } from 'vitest';
import { REPORT_REASONS, reportNote } from './reports.ts';

describe('reports', () => {
  it('offers the four reasons with the labels the card shows', () => {
    expect(REPORT_REASONS.map((r) => `${r.value}:${r.label}`)).toEqual([
      'offensive:Offensive',
      'spam:Spam',
      'personal_information:Personal information',
      'other:Other',
    ]);
  });

  it('sends a blank note as none, and a note trimmed', () => {
    expect(reportNote('   ')).toBeNull();
    expect(reportNote(' rude ')).toBe('rude');
  });
});
