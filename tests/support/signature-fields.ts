import type { Signature } from '../../src/domain/signature.ts';

/**
 * A signature's fields as a plain object, its strokes included whether they are an own property
 * or read through a getter (the packed signatures'), to compare with toEqual.
 */
export const signatureFields = ({ id, strokes, caption, createdAt, outline }: Signature) => ({
  id,
  strokes,
  caption,
  createdAt,
  outline,
});
