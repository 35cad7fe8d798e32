/**
 * Every React Query key the app uses, in one factory (TanStack Query's own advice): each key starts
 * with `signatureKeys.all`, so one prefix reaches all of the wall's queries, and no key is spelled
 * twice. Each entry is its own leaf: none is a prefix of another, so refetching or writing one
 * never touches the others.
 */
import type { DataTag, QueryKey } from '@tanstack/react-query';
import type { Signature } from '../domain/signature.ts';

/** `key`, tagged with the type of its data as queryOptions tags its key: reads and writes are typed. */
function tagged<Data>() {
  return <Key extends QueryKey>(key: Key) => key as DataTag<Key, Data, Error>;
}

const ALL = ['signatures'] as const;
const WALL = [...ALL, 'wall'] as const;

export const signatureKeys = {
  all: ALL,
  /**
   * The cached wall: every signature visitors can see (src/data/wall-query.ts). Tagged with its
   * data's type, so getQueryData and setQueryData on it are typed wherever they are called.
   */
  wall: () => tagged<readonly Signature[]>()(WALL),
  /** How far the wall's current load has come, written by the load itself (wall-load.ts). */
  loadProgress: () => [...signatureKeys.all, 'load-progress'] as const,
  /** The live poll for signatures saved elsewhere; also what catches up after a lost race. */
  live: () => [...signatureKeys.all, 'live'] as const,
  /** The periodic read of the visible ids that drops hidden or deleted signatures. */
  visibleIds: () => [...signatureKeys.all, 'visible-ids'] as const,
};

/**
 * /moderate's queries, under their own prefix: a moderator's action refetches every one of them
 * (one invalidation of `moderationKeys.all`) without touching a board's cached wall.
 */
const MODERATION = ['moderation'] as const;
export const moderationKeys = {
  all: MODERATION,
  newest: (limit: number) => [...MODERATION, 'newest', limit] as const,
  reported: () => [...MODERATION, 'reported'] as const,
  signature: (id: number) => [...MODERATION, 'signature', id] as const,
  /** Every signature with its hidden flag, for the owner's board. */
  wall: () => [...MODERATION, 'wall'] as const,
  /** Where community hiding stands; also the check of the moderator key. */
  hiding: () => [...MODERATION, 'hiding'] as const,
};
