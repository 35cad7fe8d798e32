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
 *
 * Memory is bounded by the server, not by its clients: an entry is counted for all it holds (its
 * key, headers and body, and every compressed copy kept beside it), the cache holds at most
 * `maxBytes` and `maxEntries`, and an unref'd timer drops expired entries even while nobody asks.
 * Reads unlike the app's own are not stored at all (`worthCaching`, server/cache/read-cache-key.ts):
 * otherwise every request could buy memory with its query string. The cache itself knows keys and
 * versions only, not plans or tables: which reads are kept, under which key, is the data API's call.
 */
import { chooseEncoding, compressBody } from '../http/compress-json.ts';

export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Encoded = { body: string | Buffer; encoding?: 'br' | 'gzip' };

interface Entry {
  version: string;
  storedAt: number;
  response: CachedResponse;
  /** Compressed bodies by encoding ('br', 'gzip', or '' for none). */
  encoded: Map<string, Promise<Encoded>>;
  /** Everything the entry holds, its key and compressed copies included (see entryBytes). */
  bytes: number;
}

/**
 * What an entry costs beyond its strings (the Map's slot, the entry, its headers object, the
 * encodings Map); a kept compressed copy beyond its bytes (its promises, result object and
 * Buffer); a variant that is the body itself (too small to compress, or no encoding accepted).
 * Measured with process.memoryUsage() after GC over thousands of entries: about 410 B, 1.4 KB and
 * 80 B; rounded up, as the counts only have to be upper bounds.
 */
const ENTRY_OVERHEAD_BYTES = 512;
const COPY_OVERHEAD_BYTES = 1536;
const SHARED_VARIANT_BYTES = 128;

/**
 * What a string takes in V8's heap, at most: one byte a character when it is all ASCII, else two
 * (V8 keeps a string with any character past U+00FF as UTF-16). Buffer.byteLength is a fast scan.
 */
export function stringBytes(text: string): number {
  return Buffer.byteLength(text) === text.length ? text.length : 2 * text.length;
}

function entryBytes(key: string, version: string, response: CachedResponse): number {
  let bytes = ENTRY_OVERHEAD_BYTES + stringBytes(key) + stringBytes(version);
  for (const [name, value] of Object.entries(response.headers)) {
    bytes += stringBytes(name) + stringBytes(value);
  }
  return bytes + stringBytes(response.body);
}

export interface ReadCacheOptions {
  /** The most bytes all entries hold together, keys and compressed copies included. */
  maxBytes?: number;
  /** The most entries, however small (each costs ENTRY_OVERHEAD_BYTES and a Map slot at least). */
  maxEntries?: number;
  maxAgeMs?: number;
  /** How often expired entries are dropped while nobody asks; 0: only when asked (tests). */
  sweepIntervalMs?: number;
  now?: () => number;
}

export class ReadCache {
  readonly #entries = new Map<string, Entry>();
  readonly #maxBytes: number;
  readonly #maxEntries: number;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  #bytes = 0;

  constructor({
    maxBytes = 64 * 1024 * 1024,
    maxEntries = 2000,
    maxAgeMs = 60_000,
    sweepIntervalMs = 15_000,
    now = Date.now,
  }: ReadCacheOptions = {}) {
    this.#maxBytes = maxBytes;
    this.#maxEntries = maxEntries;
    this.#maxAgeMs = maxAgeMs;
    this.#now = now;
    if (sweepIntervalMs > 0) sweepEvery(new WeakRef(this), sweepIntervalMs);
  }

  /** How many entries the cache holds and how many bytes they count. */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.#entries.size, bytes: this.#bytes };
  }

  /** The response stored under `key` for exactly this table version, if still fresh. */
  get(key: string, version: string): CachedResponse | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || this.#expired(entry)) {
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
    const bytes = entryBytes(key, version, response);
    if (bytes > this.#maxBytes / 4) return; // one huge answer must not flush everything else
    this.#entries.set(key, { version, storedAt: this.#now(), response, encoded: new Map(), bytes });
    this.#bytes += bytes;
    this.#evict();
  }

  /** The body compressed for this Accept-Encoding, computed once per entry and encoding. */
  compressed(
    key: string,
    response: CachedResponse,
    acceptEncoding: string | undefined,
  ): Promise<Encoded> {
    const entry = this.#entries.get(key);
    if (!entry || entry.response !== response) return compressBody(response.body, acceptEncoding);
    const variant = chooseEncoding(acceptEncoding) ?? '';
    let encoded = entry.encoded.get(variant);
    if (!encoded) {
      encoded = compressBody(response.body, acceptEncoding).then(ownBytes);
      entry.encoded.set(variant, encoded);
      this.#countWhenDone(key, entry, variant, encoded);
    }
    return encoded;
  }

  /** Drops every expired entry (the timer calls this; so may anyone). */
  sweep(): void {
    for (const [key, entry] of this.#entries) if (this.#expired(entry)) this.#delete(key, entry);
  }

  /** Adds a compressed copy's bytes once it exists, or forgets a compression that failed. */
  #countWhenDone(key: string, entry: Entry, variant: string, encoded: Promise<Encoded>): void {
    const stillHeld = () =>
      this.#entries.get(key) === entry && entry.encoded.get(variant) === encoded;
    encoded.then(
      (result) => {
        // The uncompressed "copy" of a small or unaccepted body is the body itself: no new bytes.
        if (!stillHeld()) return;
        const bytes =
          result.body === entry.response.body
            ? SHARED_VARIANT_BYTES
            : COPY_OVERHEAD_BYTES +
              (typeof result.body === 'string' ? stringBytes(result.body) : result.body.byteLength);
        entry.bytes += bytes;
        this.#bytes += bytes;
        this.#evict();
      },
      () => {
        if (stillHeld()) entry.encoded.delete(variant);
      },
    );
  }

  #expired(entry: Entry): boolean {
    return this.#now() - entry.storedAt > this.#maxAgeMs;
  }

  /** Least recently used first, until both caps hold. */
  #evict(): void {
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes && this.#entries.size <= this.#maxEntries) break;
      this.#delete(key, entry);
    }
  }

  #delete(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

/**
 * A compressed body that owns just its bytes. zlib hands a small output out as a view into its
 * 16 KiB chunk, so a 1 KB answer kept as-is would hold 16 KiB; kept, it is copied to a buffer of
 * its own size.
 */
function ownBytes(encoded: Encoded): Encoded {
  const { body } = encoded;
  if (typeof body === 'string' || body.buffer.byteLength <= body.byteLength * 2) return encoded;
  // Not Buffer.from: a small copy would be a view into Node's shared 8 KiB pool.
  const own = Buffer.allocUnsafeSlow(body.byteLength);
  body.copy(own);
  return { ...encoded, body: own };
}

/**
 * Sweeps the cache every `intervalMs` for as long as it exists. The timer is unref'd (it never
 * keeps the process alive) and holds the cache only weakly, so a server that is closed and dropped
 * (tests build many) takes its cache and, at the next tick, its timer with it.
 */
function sweepEvery(cache: WeakRef<ReadCache>, intervalMs: number): void {
  const timer = setInterval(() => {
    const alive = cache.deref();
    if (alive) alive.sweep();
    else clearInterval(timer);
  }, intervalMs);
  timer.unref();
}
