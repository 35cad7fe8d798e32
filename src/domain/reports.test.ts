import { describe, expect, it } from 'vitest';
import { REPORT_REASONS, reportNote } from './reports.ts';

describe('reports', () => {
  it('offers the four reasons the database takes', () => {
    expect(REPORT_REASONS).toEqual(['offensive', 'spam', 'personal_information', 'other']);
  });

  it('sends a blank note as none, and a note trimmed', () => {
    expect(reportNote('   ')).toBeNull();
    expect(reportNote(' rude ')).toBe('rude');
  });
});
