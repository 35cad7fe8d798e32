import { describe, expect, it } from 'vitest';
import {
  ELLIPSIS,
  MAX_LAID_OUT_CHARACTERS,
  captionBaseline,
  captionBox,
  captionLines,
  graphemesOf,
  paintedExtent,
  type MeasureText,
} from './caption-layout.ts';
import { CAPTION_STYLE } from './presentation.ts';

/**
 * A stand-in for measureText with a bold 14 px font's proportions: marks draw nothing, an
 * ideograph or U+FDFD is wide, the ellipsis is one em. Counts its calls.
 */
function fakeMeasure(): MeasureText & { calls: number } {
  const widthOf = (c: string): number => {
    if (/\p{M}/u.test(c)) return 0;
    if (c === ' ') return 4;
    if (c === 'W') return 13;
    if (c === ELLIPSIS) return 14;
    if (c === '\uFDFD') return 60;
    if (/[\u3000-\u9FFF]/u.test(c)) return 14;
    return 8;
  };
  const measure = (text: string) => {
    measure.calls++;
    let width = 0;
    for (const c of text) width += widthOf(c);
    return width;
  };
  measure.calls = 0;
  return measure;
}

const outline = { x: 100, y: 200, width: 120, height: 40 };

describe('captionBox', () => {
  it('is the outline’s width, from its bottom edge to under the last line’s baseline', () => {
    const { baselineOffset, lineHeight, maxLines, descent } = CAPTION_STYLE;
    expect(captionBox(outline)).toEqual({
      x: 100,
      y: 240,
      width: 120,
      height: baselineOffset + (maxLines - 1) * lineHeight + descent,
    });
    // 14 px bold text: 15 px to the first baseline, 17 px between lines, 3 lines, 5 px below.
    expect(captionBox(outline).height).toBe(54);
  });

  it('holds every line’s baseline, with room for descenders under the last', () => {
    const box = captionBox(outline);
    expect(captionBaseline(outline, 0)).toBe(240 + 15);
    expect(captionBaseline(outline, 1)).toBe(240 + 15 + 17);
    const last = captionBaseline(outline, CAPTION_STYLE.maxLines - 1);
    expect(box.y + box.height - last).toBe(CAPTION_STYLE.descent);
  });

  it('follows a tiny outline: never wider than the signature', () => {
    const dot = { x: 500, y: 500, width: 20, height: 20 };
    expect(captionBox(dot)).toMatchObject({ x: 500, y: 520, width: 20 });
  });
});

describe('captionLines', () => {
  it('keeps a caption that fits on one line as it is', () => {
    expect(captionLines('Ada was here', 120, fakeMeasure())).toEqual(['Ada was here']);
    expect(captionLines('#12', 20 + 4, fakeMeasure())).toEqual(['#12']);
  });

  it('wraps at spaces, within the width', () => {
    const measure = fakeMeasure();
    const lines = captionLines('hello from sunny Lisbon', 100, measure);
    expect(lines).toEqual(['hello from', 'sunny Lisbon']);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(100);
  });

  it('breaks a word too long for a line between characters', () => {
    const lines = captionLines('see https://example.com/a/very/long/path', 120, fakeMeasure());
    expect(lines).toEqual(['see', 'https://example', '.com/a/very/l' + ELLIPSIS]);
  });

  it('breaks text without spaces (Chinese) per character', () => {
    const lines = captionLines('我爱你中国我爱你中国', 60, fakeMeasure());
    expect(lines).toEqual(['我爱你中', '国我爱你', '中国']);
  });

  it('stops at three lines, the last ending in an ellipsis, every line within the width', () => {
    for (const text of ['W'.repeat(200), '漢'.repeat(200), 'x'.repeat(200), 'ab '.repeat(70)]) {
      const measure = fakeMeasure();
      const lines = captionLines(text, 120, measure);
      expect(lines).toHaveLength(CAPTION_STYLE.maxLines);
      expect(lines.at(-1)!.endsWith(ELLIPSIS)).toBe(true);
      for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(120);
    }
    expect(captionLines('W'.repeat(200), 120, fakeMeasure())).toEqual([
      'W'.repeat(9),
      'W'.repeat(9),
      'W'.repeat(8) + ELLIPSIS,
    ]);
  });

  it('fills the last line before the ellipsis, cutting inside a word', () => {
    expect(captionLines('one two three four five six seven', 60, fakeMeasure())).toEqual([
      'one two',
      'three',
      'four f' + ELLIPSIS,
    ]);
  });

  it('puts a character wider than the line on a line of its own (the clip cuts it)', () => {
    const lines = captionLines('\uFDFD'.repeat(200), 40, fakeMeasure());
    expect(lines).toEqual(['\uFDFD', '\uFDFD', ELLIPSIS]);
  });

  it('gives an outline narrower than an ellipsis the ellipsis alone on its last line', () => {
    expect(captionLines('WWWWWW', 12, fakeMeasure())).toEqual(['W', 'W', ELLIPSIS]);
  });

  it('counts runs of whitespace as one space and breaks none at a no-break space', () => {
    expect(captionLines('  a \t\n b  ', 200, fakeMeasure())).toEqual(['a b']);
    expect(captionLines('aaaa bbbb\u00A0cc', 80, fakeMeasure())).toEqual(['aaaa', 'bbbb\u00A0cc']);
    expect(captionLines(' \n\t ', 100, fakeMeasure())).toEqual([]);
  });

  it('never splits a letter from its accents, nor an emoji sequence', () => {
    const accented = 'e\u0301\u0300\u0302'.repeat(40);
    for (const line of captionLines(accented, 40, fakeMeasure())) {
      expect(/^\p{M}/u.test(line)).toBe(false);
    }
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    const lines = captionLines(family.repeat(10), 40, fakeMeasure());
    expect(lines[0]!.startsWith(family)).toBe(true);
    for (const line of lines) expect(line.replace(ELLIPSIS, '').replaceAll(family, '')).toBe('');
  });

  it('measures each character alone, then each line once: not once per character per line', () => {
    const measured: string[] = [];
    const measure = fakeMeasure();
    const lines = captionLines('W'.repeat(200), 800, (text) => {
      measured.push(text);
      return measure(text);
    });
    expect(lines).toHaveLength(3);
    const whole = measured.filter((t) => [...t].length > 1);
    // The whole caption, then each of the three lines.
    expect(whole).toHaveLength(1 + 3);
    // The single characters (a painter memoises them): 'W' and '…'.
    expect(new Set(measured.filter((t) => [...t].length === 1))).toEqual(new Set(['W', ELLIPSIS]));
  });

  it('shortens a line that kerning or shaping made wider than its characters', () => {
    // Each character beside another costs 1.5 px more than alone (a made-up, wide "kerning").
    const alone = fakeMeasure();
    const measure = (text: string) => alone(text) + 1.5 * Math.max(0, [...text].length - 1);
    const lines = captionLines('W'.repeat(200), 120, measure);
    expect(lines).toEqual(['W'.repeat(8), 'W'.repeat(8), 'W'.repeat(7) + ELLIPSIS]);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(120);
    expect(captionLines('aaaa bbbb cccc', 80, measure)).toEqual(['aaaa bbbb', 'cccc']);
    // 'aaaa bbbbb' is 76 px by its characters but 89.5 px whole: 'aaaa' alone.
    expect(captionLines('aaaa bbbbb cccc', 80, measure)).toEqual(['aaaa', 'bbbbb', 'cccc']);
  });

  it('lays out at most MAX_LAID_OUT_CHARACTERS, and ends with an ellipsis when it cut', () => {
    // Zero-width characters all "fit", but a huge caption is neither measured nor drawn whole.
    const measured: number[] = [];
    const lines = captionLines('\u200B'.repeat(MAX_LAID_OUT_CHARACTERS * 50), 50, (text) => {
      measured.push(text.length);
      return 0;
    });
    expect(lines).toEqual(['\u200B'.repeat(MAX_LAID_OUT_CHARACTERS) + ELLIPSIS]);
    expect(Math.max(...measured)).toBe(MAX_LAID_OUT_CHARACTERS + 1);
  });

  it('keeps every line within the width for any text and width (pseudo-random)', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const alphabet = ['a', 'W', ' ', ' ', '漢', '\uFDFD', 'e\u0301', '-', '\n'];
    for (let round = 0; round < 300; round++) {
      const text = Array.from(
        { length: Math.floor(random() * 200) },
        () => alphabet[Math.floor(random() * alphabet.length)]!,
      ).join('');
      const width = 20 + Math.floor(random() * 800);
      // Half the rounds with a line wider than its characters' sum (kerning, shaping).
      const alone = fakeMeasure();
      const kerned = round % 2 === 1;
      const measure = (t: string) => alone(t) + (kerned ? 0.7 * Math.max(0, [...t].length - 1) : 0);
      const lines = captionLines(text, width, measure);
      expect(lines.length).toBeLessThanOrEqual(CAPTION_STYLE.maxLines);
      for (const line of lines) {
        expect(line).toBe(line.trim());
        if (graphemesOf(line, Infinity).graphemes.length > 1) {
          expect(measure(line), `${JSON.stringify(line)} in ${width}`).toBeLessThanOrEqual(width);
        }
      }
      // What is shown is the caption's start, in order (spaces aside).
      const shown = lines.join('').replace(ELLIPSIS, '').replace(/\s/g, '');
      expect(text.replace(/\s/g, '').startsWith(shown)).toBe(true);
    }
  });
});

describe('graphemesOf', () => {
  it('stops at the limit and says more followed', () => {
    expect(graphemesOf('abcd', 2)).toEqual({ graphemes: ['a', 'b'], truncated: true });
    expect(graphemesOf('ab', 2)).toEqual({ graphemes: ['a', 'b'], truncated: false });
  });

  it('reads printable ASCII as Intl.Segmenter does, and keeps what it joins together elsewhere', () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
    const segmented = Array.from(segmenter.segment(ascii), ({ segment }) => segment);
    for (const limit of [0, 1, 40, 95, 200]) {
      expect(graphemesOf(ascii, limit)).toEqual({
        graphemes: segmented.slice(0, limit),
        truncated: limit < segmented.length,
      });
    }
    // Past ASCII the segmenter decides: CR LF, an accent and a flag are one character each.
    expect(graphemesOf('a\r\nb', 10).graphemes).toEqual(['a', '\r\n', 'b']);
    expect(graphemesOf('e\u0301!\u{1F1EB}\u{1F1F7}', 10).graphemes).toEqual([
      'e\u0301',
      '!',
      '\u{1F1EB}\u{1F1F7}',
    ]);
  });

  it('without Intl.Segmenter, keeps a base character with its combining marks', () => {
    expect(graphemesOf('e\u0301x\u0323\u0307', 10, null).graphemes).toEqual([
      'e\u0301',
      'x\u0323\u0307',
    ]);
    // A mark with no base before it still counts as a character.
    expect(graphemesOf('\u0301a', 10, null).graphemes).toEqual(['\u0301', 'a']);
  });
});

describe('paintedExtent', () => {
  const outline = { x: 100, y: 200, width: 50, height: 40 };

  it('holds the outline and the caption box under it, with a pixel of margin', () => {
    const box = captionBox(outline);
    expect(paintedExtent(outline)).toEqual({
      x: 99,
      y: 199,
      width: 50 + 2,
      height: box.y + box.height - 200 + 2,
    });
  });

  it('reaches under the last line a caption can have: three lines, not one', () => {
    const extent = paintedExtent(outline);
    const lastBaseline = captionBaseline(outline, CAPTION_STYLE.maxLines - 1);
    expect(extent.y + extent.height).toBeGreaterThan(lastBaseline + CAPTION_STYLE.descent);
    expect(lastBaseline).toBe(240 + 15 + 2 * 17);
  });

  it('is never wider than the outline (and its margin), whatever the caption', () => {
    const dot = { x: 1000, y: 1000, width: 20, height: 20 };
    expect(paintedExtent(dot)).toMatchObject({ x: 999, width: 22 });
  });
});
