/**
 * The product's rules: sizes and limits (spec §9, docs/architecture.md §3) that the board checks
 * as the visitor draws, the server enforces before parsing, and the database enforces on every
 * save. The SQL rules in supabase/migrations repeat them (see supabase/schema.sql); tests keep the
 * two in step. Presentation (colours, texts, timings) is in presentation.ts.
 */

/** The wall is a square of this many wall pixels. */
export const WALL_SIZE = 3200;
/** An outline is the points' bounding box grown by this much on every side. */
export const OUTLINE_PADDING = 10;

/**
 * A signature's points span at most this many wall pixels (its bounding box before padding), so
 * no single save can claim the wall. Enforced by the database for new rows; old rows are kept.
 */
export const MAX_SIGNATURE_WIDTH = 800;
export const MAX_SIGNATURE_HEIGHT = 600;

export const MAX_STROKES = 64;
/**
 * Points and length of strokes per signature: what bounds the database's work on a save (its
 * overlap check walks the strokes, so every save is decided in a bounded time). A real
 * signature saves ~30 points and a few hundred to a few thousand px of strokes; these leave an
 * elaborate drawing plenty of room. Counted as saved (strokes are simplified at save).
 */
export const MAX_POINTS = 3_000;
/** The strokes' length in wall pixels: every segment's length, added up. */
export const MAX_STROKE_LENGTH = 20_000;
export const MAX_CAPTION_LENGTH = 200;
/**
 * The wall's weight rule (signature-weight.ts): a signature claims the nodes of a grid this many
 * wall pixels apart that lie nearest to its strokes (sampled every WEIGHT_SAMPLE_STEP px along each
 * segment), and stores at most BYTES_PER_NODE bytes (its text and caption) per node it claims.
 * Strokes of two signatures are always more than OUTLINE_PADDING apart, so no node is claimed
 * twice: the wall's 321 × 321 nodes bound it at 15.97 MB. 155 is the most that keeps that bound
 * under 16 MB. Names written on the board with a mouse or a finger, 20 to 160 px high at zoom 1
 * to 4, store 8–28 % of it, a dot 17 % (bench/weight-distribution.ts prints the distribution).
 */
export const WEIGHT_GRID = OUTLINE_PADDING;
export const WEIGHT_SAMPLE_STEP = WEIGHT_GRID / 2;
export const BYTES_PER_NODE = 155;
/** Request bodies over this are refused before they are parsed (413). */
export const MAX_BODY_BYTES = 512 * 1024;
