/**
 * A linear look at a request body before anything parses it. JSON parsers recurse (Postgres'
 * `json_in`, `::jsonb`, and PGlite's copy of them run inside WASM, where a stack overflow is not
 * caught: PGlite swallows it and is left unusable), so nesting is measured here by counting
 * brackets, one pass, no recursion, and a body deeper than any row can be is refused before it
 * reaches a parser.
 *
 * A row body is an object (depth 1) or an array of objects (depth 2); its values are flat (the
 * signature travels as JSON *text*, a string, whose own nesting the database checks). The limit
 * leaves slack for clients that send a little more structure than needed.
 */
import { pgrst } from './envelope.ts';

export const MAX_BODY_DEPTH = 8;

const OPEN_ARRAY = 0x5b; // [
const OPEN_OBJECT = 0x7b; // {
const CLOSE_ARRAY = 0x5d; // ]
const CLOSE_OBJECT = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * The deepest nesting of arrays and objects in `text`, counted outside strings, stopping as soon as
 * it passes `stopAbove`. Not a validator: brackets inside strings are skipped, anything else is left
 * to the parser that comes after.
 */
export function nestingDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return deepest;
}

/** Throws PGRST102 (400) when the body nests deeper than a row body can. */
export function checkBodyDepth(text: string): void {
  if (nestingDepth(text, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) {
    throw pgrst.invalidBody(
      'Empty or invalid json',
      `The body nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep; a row is an object, or an array of objects, of flat values.`,
    );
  }
}

/** The first character that is not JSON whitespace, or '' for a blank body. */
export function firstSignificant(text: string): string {
  const match = /[^ \t\n\r]/.exec(text);
  return match ? match[0] : '';
}
