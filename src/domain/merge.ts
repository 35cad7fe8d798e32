/** Combining the wall already shown with rows fetched later (live updates), and removals. */
import type { Signature } from './signature.ts';

/**
 * The wall with the newly fetched signatures added: each id once, in created_at then id order.
 * Returns the same array when nothing is new, so React can skip re-rendering the wall.
 *
 * Costs what joined and a copy of the wall, not a comparison per signature: a heavy wall's load
 * merges a hundred thousand signatures in a couple of dozen batches. The set of the wall's ids is
 * handed from each merged wall to the next (see idsOf), and what is new is placed by binary search.
 */
export function mergeSignatures(
  current: readonly Signature[],
  incoming: readonly Signature[],
): readonly Signature[] {
  const known = idsOf(current);
  const fresh = incoming.filter((s) => !known.has(s.id) && (known.add(s.id), true));
  if (fresh.length === 0) {
    idSets.set(current, known);
    return current;
  }
  // The wall is in order already: sort what is new, then place each after what comes before it.
  fresh.sort(inTimeOrder);
  const merged: Signature[] = [];
  let i = 0;
  for (const signature of fresh) {
    let lo = i;
    let hi = current.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (inTimeOrder(current[mid]!, signature) <= 0) lo = mid + 1;
      else hi = mid;
    }
    while (i < lo) merged.push(current[i++]!);
    merged.push(signature);
  }
  while (i < current.length) merged.push(current[i++]!);
  idSets.set(merged, known);
  grown.set(merged, { from: new WeakRef(current), joined: fresh });
  return merged;
}

/**
 * Each wall mergeSignatures made: the wall it grew from (weakly: a wall nobody holds any more can
 * go), and what joined it. Keyed weakly too: the record goes with its wall.
 */
const grown = new WeakMap<
  readonly Signature[],
  { readonly from: WeakRef<readonly Signature[]>; readonly joined: readonly Signature[] }
>();

/**
 * The ids of the last wall each merge made. A wall's set moves to the wall merged from it (which
 * holds those ids and the new ones), so only the newest wall has one; merging from any other wall
 * gathers its ids again.
 */
const idSets = new WeakMap<readonly Signature[], Set<number>>();

function idsOf(wall: readonly Signature[]): Set<number> {
  const ids = idSets.get(wall);
  if (!ids) return new Set(wall.map((s) => s.id));
  idSets.delete(wall);
  return ids;
}

/**
 * The ids `wall` holds, to look up (not to keep: the set of the newest wall a merge made grows
 * with the next merge from it).
 */
export function idsOnWall(wall: readonly Signature[]): ReadonlySet<number> {
  return idSets.get(wall) ?? new Set(wall.map((s) => s.id));
}

/**
 * What joined `before` to make `next`, when mergeSignatures made `next` from `before` (in one merge
 * or several); null when it did not (a removal, a wall built otherwise, or `before` no longer
 * held). O(what joined): a heavy wall's load hands its readers each of its batches at no cost of
 * the wall's size, where joinedSince looks at every signature.
 */
export function grownFrom(
  before: readonly Signature[],
  next: readonly Signature[],
): readonly Signature[] | null {
  const steps: Array<readonly Signature[]> = [];
  for (let at = next; at !== before;) {
    const step = grown.get(at);
    const from = step?.from.deref();
    if (!step || !from) return null;
    steps.push(step.joined);
    at = from;
  }
  return steps.length === 1 ? steps[0]! : steps.reverse().flat();
}

/** Timestamps from one server share one format, so comparing the strings orders them in time. */
function inTimeOrder(a: Signature, b: Signature): number {
  return a.createdAt === b.createdAt ? a.id - b.id : a.createdAt < b.createdAt ? -1 : 1;
}

/**
 * The signatures of `next` that `before` (ids already taken in) lacks, when `next` still holds
 * every one of those; null when one left (then whoever keeps state from `before` starts over).
 * One pass, so a wall that only grows costs its readers what joined, not what was there.
 */
export function joinedSince(
  before: { has(id: number): boolean; readonly size: number },
  next: readonly Signature[],
): Signature[] | null {
  const joined: Signature[] = [];
  let kept = 0;
  for (const s of next) {
    if (before.has(s.id)) kept++;
    else joined.push(s);
  }
  return kept === before.size ? joined : null;
}

/**
 * The wall without the signatures the server no longer shows (hidden by the owner, or deleted):
 * those the wall held when the read of the visible ids began (`asked`) that the answer lacks. A
 * signature that joined the wall after that read began (a save, a live update) is kept whatever
 * the answer says, since the read may have started before it was committed. Returns the same array
 * when nothing is dropped, so React can skip re-rendering the wall.
 */
export function withoutRemoved(
  current: readonly Signature[],
  asked: ReadonlySet<number>,
  visible: ReadonlySet<number>,
): readonly Signature[] {
  const removed = (s: Signature) => asked.has(s.id) && !visible.has(s.id);
  return current.some(removed) ? current.filter((s) => !removed(s)) : current;
}

/** The newest created_at on the wall, or null for an empty wall. */
export function newestCreatedAt(signatures: readonly Signature[]): string | null {
  let newest: string | null = null;
  for (const s of signatures) if (newest === null || s.createdAt > newest) newest = s.createdAt;
  return newest;
}

/**
 * Where the next poll for new signatures starts, in ms since the epoch.
 *
 * created_at is the inserting transaction's start, so a row can commit after a newer one was
 * already seen, with a created_at up to `lateCommitMs` earlier. Such a row commits within
 * `lateCommitMs` of the newest row being first seen; until then (with a margin of as much again,
 * so at least one poll lands after it) polls reach back that far and the merge de-duplicates.
 * After that nothing older can appear, and polls start at the newest row: a burst of signatures
 * is downloaded once, not on every poll.
 */
export function pollStartMs(newestMs: number, msSinceNewestSeen: number, lateCommitMs: number) {
  return msSinceNewestSeen <= 2 * lateCommitMs ? newestMs - lateCommitMs : newestMs;
}
