/**
 * The gateway's key check. Hosted Supabase rejects requests without a valid `apikey` header (or
 * `?apikey=` URL parameter) before PostgREST sees them; we accept exactly one key, the public anon
 * key, and every request then runs as role `anon`.
 */
import { ApiError, gateway } from '../rest/errors.ts';

export function checkApiKey(
  header: string | string[] | undefined,
  queryKey: string | null,
  anonKey: string,
): void {
  const key = (Array.isArray(header) ? header[0] : header) ?? queryKey;
  if (key === undefined || key === null || key === '') throw gateway.missingKey();
  if (key !== anonKey) throw gateway.invalidKey();
}

/**
 * supabase-js also sends the key as `Authorization: Bearer <key>`. Any other bearer token would be a
 * user's JWT, which this server cannot verify: refused (401 PGRST301) rather than quietly run as anon.
 */
export function checkBearer(header: string | undefined, anonKey: string): void {
  if (header === undefined) return;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (match && match[1] === anonKey) return;
  throw new ApiError(
    401,
    {
      code: 'PGRST301',
      message: 'JWT could not be decoded',
      hint: 'This server accepts only its anon key as the bearer token.',
    },
    {
      'WWW-Authenticate':
        'Bearer error="invalid_token", error_description="JWT could not be decoded"',
    },
  );
}
