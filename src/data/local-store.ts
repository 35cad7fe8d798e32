/**
 * Where this browser keeps what it remembers for the wall (removal secrets, the newest signature
 * seen): localStorage where the page may use it. In a frame on another site (an embed) browsers
 * give it a storage of its own, partitioned by the top site, which works the same within that site.
 * Where none is given at all (a sandboxed frame, storage blocked by a privacy setting: access
 * throws, or writes fail), a store in memory for the page's life takes its place, so what the
 * visitor does in this page (take back a signature just saved) still works and nothing crashes.
 */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PROBE_KEY = 'signwall.storage-probe';

function memoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
  };
}

let store: KeyValueStore | null = null;

function usableLocalStorage(): Storage | null {
  try {
    const local = globalThis.localStorage;
    if (!local) return null;
    local.setItem(PROBE_KEY, '1');
    local.removeItem(PROBE_KEY);
    return local;
  } catch {
    return null;
  }
}

/** The page's store: localStorage when usable, else memory (decided once per page). */
export function localStore(): KeyValueStore {
  store ??= usableLocalStorage() ?? memoryStore();
  return store;
}
