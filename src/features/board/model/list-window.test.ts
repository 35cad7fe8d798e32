import { describe, expect, it } from 'vitest';
import { OVERSCAN, rowWindow, scrollToShow } from './list-window.ts';

describe('the rows of a long list in the page', () => {
  it('are those in sight and OVERSCAN more on either side, within the list', () => {
    // Rows of 50 px, a 500 px scroller at 1,000 px: rows 20 to 29 in sight.
    expect(rowWindow(10_000, 50, 1000, 500)).toEqual({ first: 20 - OVERSCAN, last: 29 + OVERSCAN });
    expect(rowWindow(10_000, 50, 0, 500)).toEqual({ first: 0, last: 9 + OVERSCAN });
    expect(rowWindow(25, 50, 1000, 500)).toEqual({ first: 20 - OVERSCAN, last: 24 });
    // A row half in sight is in.
    expect(rowWindow(10_000, 50, 1025, 500, 0)).toEqual({ first: 20, last: 30 });
  });

  it('are none of an empty list, and never more than it has', () => {
    expect(rowWindow(0, 50, 0, 500)).toEqual({ first: 0, last: -1 });
    expect(rowWindow(3, 50, 0, 500)).toEqual({ first: 0, last: 2 });
    // A scroller not laid out yet, or scrolled past the end (a list that just got shorter).
    expect(rowWindow(3, 50, Number.NaN, 0, 0)).toEqual({ first: 0, last: 0 });
    expect(rowWindow(3, 50, 5000, 500)).toEqual({ first: 2, last: 2 });
  });
});

describe('scrolling a row into sight', () => {
  it('moves as little as it can, and not at all when the row is in sight', () => {
    expect(scrollToShow(25, 50, 1000, 500)).toBe(1000);
    expect(scrollToShow(10, 50, 1000, 500)).toBe(500);
    expect(scrollToShow(40, 50, 1000, 500)).toBe(1550);
    expect(scrollToShow(0, 50, 0, 20)).toBe(0);
  });
});
