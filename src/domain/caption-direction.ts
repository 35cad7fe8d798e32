/**
 * Which way a caption reads: its paragraph direction by the Unicode bidi algorithm's rules P2 and
 * P3 (the first strong character, skipping isolates, decides; none means left to right), computed
 * by bidi-js. The painter sets the canvas's `direction` from it, so a Hebrew or Arabic caption is
 * laid out right to left (its punctuation and numbers where its reader expects them) and aligned
 * to the right edge of its signature, whatever the language of the page showing it.
 */
import bidiFactory from 'bidi-js';

export type TextDirection = 'ltr' | 'rtl';

/**
 * Every character whose bidi class is R or AL (assigned or, by Unicode's defaults, not) lies in
 * one of these blocks: a caption with none of them has no right-to-left strong character, so it
 * reads left to right without running the algorithm (most captions, most of the wall).
 */
const MAY_BE_RIGHT_TO_LEFT =
  /[\u0590-\u08FF\u200F\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

let bidi: ReturnType<typeof bidiFactory> | null = null;

/** The direction of `text`'s first paragraph (P2, P3). */
export function captionDirection(text: string): TextDirection {
  if (!MAY_BE_RIGHT_TO_LEFT.test(text)) return 'ltr';
  bidi ??= bidiFactory();
  const [first] = bidi.getEmbeddingLevels(text).paragraphs;
  return first && first.level % 2 === 1 ? 'rtl' : 'ltr';
}
