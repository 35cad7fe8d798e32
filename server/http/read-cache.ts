/**
 * A cache of finished read responses, so a crowd loading the same full wall costs one query and
 * one compression, not one each (a 2000-signature wall is ~9 MB of JSON).
 *
 * Each entry is tagged with the table's version (server/db/table-version.ts): a counter that every
 * insert, update, delete and truncate moves in its own transaction, read in the request's own
 * transaction before the rows. So a changed table never matches an old entry, whoever changed it
 * (a visitor's save, the owner hiding or deleting a signature, another server process on the same
 * PostgreSQL, SQL by hand). Entries are also keyed by the role that read them: row-level security
 * shows service_role rows (hidden ones) that anon must never be served, and the reverse would hide
 * rows from the owner. Entries expire after a minute anyway, which bounds what a write that skips
 * triggers (session_replication_role = replica, as pg_restore and replication use) can leave stale.
 */
import type { Plan } from '../rest/ast.ts';
import type { Preferences } from '../rest/headers.ts';
import { chooseEncoding, compressBody } from './compress-json.ts';

/**
 * The key of a read: who asked (the role decides which rows exist for it), the plan, the
 * preferences, and the query string (Content-Location repeats it).
 */
export function readCacheKey(
  role: string,
  plan: Plan,
  prefs: Preferences,
  query: ReadonlyArray<readonly [string, string]>,
): string {
  return JSON.stringify([role, plan, prefs, query]);
}

export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface Entry {
  version: string;
  storedAt: number;
  response: CachedResponse;
  /** Compressed bodies by encoding ('br', 'gzip', or '' for none). */
  encoded: Map<string, Promise<{ body: string | Buffer; encoding?: 'br' | 'gzip' }>>;
  bytes: number;
}

export interface ReadCacheOptions {
  maxBytes?: number;
  maxAgeMs?: number;
  now?: () => number;
}

export class ReadCache {
  readonly #entries = new Map<string, Entry>();
  readonly #maxBytes: number;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  #bytes = 0;

  constructor({
    maxBytes = 64 * 1024 * 1024,
    maxAgeMs = 60_000,
    now = Date.now,
  }: ReadCacheOptions = {}) {
    this.#maxBytes = maxBytes;
    this.#maxAgeMs = maxAgeMs;
    this.#now = now;
  }

  /** The response stored under `key` for exactly this table version, if still fresh. */
  get(key: string, version: string): CachedResponse | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || this.#now() - entry.storedAt > this.#maxAgeMs) {
      this.#delete(key, entry);
      return undefined;
    }
    // Most recently used last, so eviction takes the least recently used first.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.response;
  }

  /**
   * What the cache holds for `key`: `fresh` when it was stored under `version` (as get), else the
   * last answer stored under an older version, or with no version known, with its age. Unlike get
   * this keeps an entry of another version (set replaces it): while the database is too busy to give
   * a fresh answer, a read is answered with that last good snapshot rather than an error.
   */
  lookup(
    key: string,
    version: string | undefined,
  ): { response: CachedResponse; fresh: boolean; ageMs: number } | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    const ageMs = this.#now() - entry.storedAt;
    if (ageMs > this.#maxAgeMs) {
      this.#delete(key, entry);
      return undefined;
    }
    const fresh = entry.version === version;
    if (fresh) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return { response: entry.response, fresh, ageMs };
  }

  set(key: string, version: string, response: CachedResponse): void {
    const old = this.#entries.get(key);
    if (old) this.#delete(key, old);
    const bytes = Buffer.byteLength(response.body);
    if (bytes > this.#maxBytes / 4) return; // one huge answer must not flush everything else
    this.#entries.set(key, { version, storedAt: this.#now(), response, encoded: new Map(), bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#delete(oldest, entry);
    }
  }

  /** The body compressed for this Accept-Encoding, computed once per entry and encoding. */
  compressed(
    key: string,
    response: CachedResponse,
    acceptEncoding: string | undefined,
  ): Promise<{ body: string | Buffer; encoding?: 'br' | 'gzip' }> {
    const entry = this.#entries.get(key);
    if (!entry || entry.response !== response) return compressBody(response.body, acceptEncoding);
    const variant = chooseEncoding(acceptEncoding) ?? '';
    let encoded = entry.encoded.get(variant);
    if (!encoded) {
      encoded = compressBody(response.body, acceptEncoding);
      entry.encoded.set(variant, encoded);
    }
    return encoded;
  }

  #delete(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}
