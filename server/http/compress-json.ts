/**
 * Compression for API responses. @fastify/compress skips every response carrying `Content-Range`
 * (it reads it as a byte range), but PostgREST's Content-Range counts rows and is on every read, so
 * the API compresses its own bodies: brotli or gzip by `Accept-Encoding`, above 1 KiB.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const THRESHOLD = 1024;

/** The best encoding the client accepts: `br`, then `gzip`, else none (q=0 means refused). */
export function chooseEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const wildcard = accepted.get('*') ?? 0;
  const ok = (name: string) => (accepted.get(name) ?? wildcard) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}

export async function compressBody(
  body: string,
  acceptEncoding: string | undefined,
): Promise<{ body: string | Buffer; encoding?: 'br' | 'gzip' }> {
  const encoding = chooseEncoding(acceptEncoding);
  if (!encoding || Buffer.byteLength(body) < THRESHOLD) return { body };
  const compressed =
    encoding === 'br'
      ? await brotli(body, {
          params: {
            // Quality 4: most of brotli's gain at a fraction of the default's (11) CPU time.
            [constants.BROTLI_PARAM_QUALITY]: 4,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : await gzipAsync(body, { level: 6 });
  return { body: compressed, encoding };
}
