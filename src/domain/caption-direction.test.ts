import { describe, expect, it } from 'vitest';
import { captionDirection } from './caption-direction.ts';

describe("a caption's direction (bidi rules P2, P3)", () => {
  it('is right to left when its first strong character is Hebrew or Arabic', () => {
    expect(captionDirection('שלום עולם')).toBe('rtl');
    expect(captionDirection('مرحبا بالعالم')).toBe('rtl');
    expect(captionDirection('سلام دنیا')).toBe('rtl');
    // Numbers and punctuation are not strong: the first letter after them decides.
    expect(captionDirection('2026! שלום')).toBe('rtl');
    expect(captionDirection('«مرحبا» hello')).toBe('rtl');
    // A right-to-left mark is a strong character of its own.
    expect(captionDirection('\u200F123')).toBe('rtl');
  });

  it('is left to right when a left-to-right letter comes first, or no strong character at all', () => {
    expect(captionDirection('hello שלום')).toBe('ltr');
    expect(captionDirection('Grüße, مرحبا')).toBe('ltr');
    expect(captionDirection('日本語 עברית')).toBe('ltr');
    expect(captionDirection('12345 !?')).toBe('ltr');
    expect(captionDirection('')).toBe('ltr');
  });

  it('skips what an isolate holds, as P2 says', () => {
    // First-strong isolate around Hebrew, then an English word: the English word decides.
    expect(captionDirection('\u2068שלום\u2069 hello')).toBe('ltr');
    expect(captionDirection('\u2066abc\u2069 שלום')).toBe('rtl');
  });
});
