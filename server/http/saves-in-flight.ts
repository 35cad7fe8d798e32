/**
 * At most a few saves in flight per client: a save (POST, PATCH, PUT, DELETE under /rest) from a
 * client that already has `max` being answered is refused at once with 429 and Retry-After, before
 * it reaches the database. One client's saves then take at most `max` of the database's turns and
 * of its queue, however many sockets it opens. The owner's service key is not limited (it hides a
 * flood in bulk). The counts live in a map whose entries are deleted at zero, so it holds only the
 * clients with a save running.
 */
import { ApiError } from '../rest/envelope.ts';

/**
 * A visitor saves one signature at a time; two leaves room for a household behind one address. Each
 * save takes well under a second, so a refused one is worth retrying after a second.
 */
export const DEFAULT_SAVES_IN_FLIGHT_PER_ADDRESS = 2;

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

export function isSave(method: string): boolean {
  return WRITE_METHODS.has(method);
}

export class SavesInFlight {
  readonly #counts = new Map<string, number>();
  readonly #max: number;

  /** `max` 0: no limit. */
  constructor(max: number) {
    this.#max = max;
  }

  /** Counts a save of `client` in; false (nothing counted) when it already has `max` in flight. */
  enter(client: string): boolean {
    if (this.#max <= 0) return true;
    const count = this.#counts.get(client) ?? 0;
    if (count >= this.#max) return false;
    this.#counts.set(client, count + 1);
    return true;
  }

  /** Counts a save of `client` out; call once for each `enter` that returned true. */
  leave(client: string): void {
    if (this.#max <= 0) return;
    const left = (this.#counts.get(client) ?? 1) - 1;
    if (left <= 0) this.#counts.delete(client);
    else this.#counts.set(client, left);
  }

  /** Clients with a save in flight. */
  get clients(): number {
    return this.#counts.size;
  }

  /** The refusal, in PostgREST's envelope (PT429, as the database's flood limit answers). */
  refusal(): ApiError {
    return new ApiError(
      429,
      {
        code: 'PT429',
        message: 'Too many saves at once from your address: wait for one to finish',
        details: `At most ${this.#max} saves at a time are accepted from one address.`,
        hint: 'Wait for the answer to the last save, then save again.',
      },
      { 'Retry-After': '1' },
    );
  }
}
