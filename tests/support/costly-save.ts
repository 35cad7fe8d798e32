/**
 * The costliest save the rules allow, as one function, so the flood tests can be pointed at a
 * worse shape when one is found: what to put on the wall first, and the save to send again and
 * again. Pure: no I/O.
 *
 * Today's shape (tests/db/bounded-saves.test.ts measures it; the worst we found, ~50 ms of
 * database time on PGlite): MAX_POINTS points weaving through MAX_STROKE_LENGTH px of 5-px
 * corridors between rows of dots, so nearly every piece of it passes outline corners it misses;
 * its last point lands on a dot, so the database checks the whole path and then refuses the save
 * (409). Refused, it can be sent forever.
 */
import { MAX_POINTS, MAX_STROKE_LENGTH } from '../../src/domain/rules.ts';
import {
  corridorField,
  corridorPathOfLength,
  dotSignature,
  type CorridorField,
} from '../db/support/worst-shapes.ts';

type Point = [number, number];

export interface CostlySave {
  /** Signatures (strokes JSON) to store first, each alone (they never overlap one another). */
  seeds: string[];
  /** The request body of the save to repeat (`{"signature": …}`). */
  body: string;
}

export interface CostlySaveOptions {
  /** The top-left corner of the 800 × 600 box; default near the wall's bottom right. */
  at?: Point;
}

/** The corridor weave at the limits, ending on a dot. */
export function costlySave({ at = [2300, 2500] }: CostlySaveOptions = {}): CostlySave {
  const field: CorridorField = corridorField(at);
  const onDot = field.dots[Math.floor(field.dots.length / 2)]!;
  const signature = corridorPathOfLength(field, {
    points: MAX_POINTS,
    length: MAX_STROKE_LENGTH - 200,
    end: onDot,
  });
  return {
    seeds: field.dots.map((dot) => dotSignature(dot)),
    body: JSON.stringify({ signature }),
  };
}
