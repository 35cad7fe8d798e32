// The PGlite worker's entry under a Node older than the declared engine (no type stripping), when
// the server itself runs through tsx: tsx's loader hooks do not reach worker threads there, so the
// worker loads its TypeScript through tsx's own API. Node 22.18+ starts pglite-worker.ts directly.
import { tsImport } from 'tsx/esm/api';

await tsImport('./pglite-worker.ts', import.meta.url);
