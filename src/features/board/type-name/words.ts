/**
 * 'Type your name': every word the tool shows, in English. The languages' catalogs take their
 * messages from here (one module per feature, plain strings).
 */
export const TYPE_NAME_WORDS = {
  /** The tool's button, and its panel's heading. */
  tool: 'Type your name',
  field: 'Your name',
  hint: 'Press Enter to draw it in script as your signature, then add a caption and save.',
  draw: 'Draw',
  close: 'Close without drawing',
  nothingToDraw: 'Type your name in Latin letters: the script has no others.',
  tooLong: 'This name is too long to draw. Try a shorter one.',
  fontFailed: 'The script could not be loaded. Try again.',
} as const;
