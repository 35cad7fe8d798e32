import { describe, expect, it } from 'vitest';
import { TOAST_WORDS } from './toast-words.ts';

describe("the toasts' words", () => {
  it('are the spec’s own, word for word (§4, §8)', () => {
    expect(TOAST_WORDS).toMatchObject({
      loaded: 'Signatures loaded!',
      loadError: 'Error loading signatures.',
      saving: 'Saving...',
      saved: 'Signature saved!',
      saveError: 'Error saving signature.',
      canceled: 'Drawing canceled',
      drawingEnabled: 'Drawing enabled',
      panningEnabled: 'Panning enabled',
      blocked: "You can't draw over an existing signature!",
      preparingExport: 'Preparing export...',
      generatingPng: 'Generating PNG...',
      exportComplete: 'Export complete!',
    });
  });

  it('quote the limits from the rules', () => {
    expect(TOAST_WORDS.tooBig).toBe('A signature must fit in 800 × 600 px!');
    expect(TOAST_WORDS.tooManyStrokes).toBe('A signature holds at most 64 strokes!');
    expect(TOAST_WORDS.tooManyPoints).toBe('A signature holds at most 3,000 points!');
    expect(TOAST_WORDS.tooLong).toBe('A signature holds at most 20,000 px of strokes!');
  });
});
