/**
 * The gateway's key check and the request's role, as hosted Supabase decides them. The gateway
 * rejects requests without a valid `apikey` header (or `?apikey=` URL parameter) before PostgREST
 * sees them; PostgREST then runs the request as the role of the bearer token, or of the apikey when
 * no bearer is sent. This server knows two keys: the public anon key (role `anon`) and, when
 * SERVICE_ROLE_KEY is set, the secret service key (role `service_role`, which bypasses row-level
 * security). Any other key or token is refused; nothing here ever puts a key into an error or a log.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError, gateway } from '../rest/envelope.ts';

export type ApiRole = 'anon' | 'service_role';

export interface ApiKeys {
  anon: string;
  /** Unset: no request can run as service_role. */
  serviceRole?: string;
}

/** The shortest service key accepted: a secret must not be guessable. */
export const MIN_SERVICE_KEY_LENGTH = 32;

/**
 * Why SERVICE_ROLE_KEY cannot be used, or undefined when it can. The anon key ships in the app's
 * JavaScript, so a service key equal to it would give every visitor the service role; a short one
 * could be guessed.
 */
export function serviceKeyProblem(serviceKey: string, anonKey: string): string | undefined {
  if (serviceKey === anonKey) {
    return 'SERVICE_ROLE_KEY equals ANON_KEY: the anon key is public (it is in the app), so every visitor would get the service role; set a different secret';
  }
  if (serviceKey.length < MIN_SERVICE_KEY_LENGTH) {
    return `SERVICE_ROLE_KEY is too short to be a secret (${serviceKey.length} characters, at least ${MIN_SERVICE_KEY_LENGTH}); make one with: openssl rand -base64 32`;
  }
  return undefined;
}

/** Equal texts, compared in time that does not depend on where they differ. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function roleOfKey(key: string, keys: ApiKeys): ApiRole | undefined {
  // Both comparisons always run, so timing says nothing about which key was close.
  const isService = keys.serviceRole !== undefined && sameSecret(key, keys.serviceRole);
  const isAnon = sameSecret(key, keys.anon);
  if (isService) return 'service_role';
  return isAnon ? 'anon' : undefined;
}

/**
 * The role of the `apikey` header (or URL parameter, for the anon key only); 401 in the gateway's
 * words otherwise.
 */
export function checkApiKey(
  header: string | string[] | undefined,
  queryKey: string | null,
  keys: ApiKeys,
): ApiRole {
  const headerKey = Array.isArray(header) ? header[0] : header;
  const key = headerKey ?? queryKey;
  if (key === undefined || key === null || key === '') throw gateway.missingKey();
  const role = roleOfKey(key, keys);
  if (!role) throw gateway.invalidKey();
  // A URL ends up in browser history, proxies' access logs and Referer headers: the secret key is
  // refused there (the public anon key may come that way, as on hosted Supabase).
  if (role === 'service_role' && headerKey === undefined) throw gateway.secretKeyInUrl();
  return role;
}

/**
 * supabase-js also sends the key as `Authorization: Bearer <key>`; the bearer decides the role, as
 * PostgREST takes it from the JWT. Any other token would be a user's JWT, which this server cannot
 * verify: refused (401 PGRST301) rather than quietly run as anon. Undefined when no bearer is sent.
 */
export function checkBearer(header: string | undefined, keys: ApiKeys): ApiRole | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  const role = match ? roleOfKey(match[1]!, keys) : undefined;
  if (role) return role;
  throw new ApiError(
    401,
    {
      code: 'PGRST301',
      message: 'JWT could not be decoded',
      hint: 'This server accepts only its API keys as the bearer token.',
    },
    {
      'WWW-Authenticate':
        'Bearer error="invalid_token", error_description="JWT could not be decoded"',
    },
  );
}

/** The role a request runs as: the bearer's when one is sent, else the apikey's. */
export function requestRole(
  apikeyHeader: string | string[] | undefined,
  queryKey: string | null,
  authorization: string | undefined,
  keys: ApiKeys,
): ApiRole {
  const byKey = checkApiKey(apikeyHeader, queryKey, keys);
  return checkBearer(authorization, keys) ?? byKey;
}
