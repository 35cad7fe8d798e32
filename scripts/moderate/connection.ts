/**
 * Where the CLI connects and with which key, and what a failed request means for the owner: a key
 * the server refused, a key that is not the service key, or a server that cannot be reached. The
 * same supabase-js client works against our server and a hosted Supabase project.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

export interface Connection {
  readonly url: string;
  readonly key: string;
}

/** A failure the owner can act on; the message says what went wrong and what to check. */
export class ModerationError extends Error {
  override name = 'ModerationError';
}

/** The public key's shapes: a publishable key, or a legacy JWT whose role is not service_role. */
function publicKeyRole(key: string): string | null {
  if (key.startsWith('sb_publishable_')) return 'publishable (anon)';
  const parts = key.split('.');
  if (parts.length !== 3) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as unknown;
    const role = (claims as { role?: unknown } | null)?.role;
    return typeof role === 'string' && role !== 'service_role' ? role : null;
  } catch {
    return null;
  }
}

/** SUPABASE_URL (default: the local server on PORT or 3000) and SERVICE_ROLE_KEY, checked. */
export function readConnection(env: Readonly<Record<string, string | undefined>>): Connection {
  const url = (env.SUPABASE_URL ?? '').trim() || `http://127.0.0.1:${env.PORT?.trim() || 3000}`;
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) {
    throw new ModerationError(`SUPABASE_URL must be an http(s) URL, not "${url}".`);
  }
  const key = (env.SERVICE_ROLE_KEY ?? '').trim();
  if (key === '') {
    throw new ModerationError(
      'SERVICE_ROLE_KEY is not set: give the service_role (secret) key the server was started with ' +
        '(on hosted Supabase: the project secret key, dashboard → API settings).',
    );
  }
  const role = publicKeyRole(key);
  if (role !== null) {
    throw new ModerationError(
      `SERVICE_ROLE_KEY is a ${role} key, the public one visitors use: give the service_role (secret) key.`,
    );
  }
  return { url: url.replace(/\/+$/, ''), key };
}

export function connect({ url, key }: Connection): SupabaseClient {
  return createClient(url, key, {
    // A failed request is reported at once, not retried for seconds: the owner runs it again.
    db: { retry: false },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

/** What supabase-js answers for a failed request. */
export interface RequestFailure {
  readonly message: string;
  readonly code?: string | null;
  readonly details?: string | null;
  readonly hint?: string | null;
}

/**
 * A failed request as a message for the owner: unreachable (status 0), the key refused (401 from the
 * gateway), the key accepted but without the service role's rights (42501), or what the server said.
 */
export function explainFailure(
  what: string,
  error: RequestFailure,
  status: number,
  { url }: Connection,
): ModerationError {
  if (status === 0) {
    const cause = /Caused by: ([^\n]*)/.exec(error.details ?? '')?.[1] ?? error.message;
    return new ModerationError(
      `Cannot reach the server at ${url} (${cause}). Is it running? Check SUPABASE_URL.`,
    );
  }
  if (error.code === '42501') {
    return new ModerationError(
      `${what}: the server accepted SERVICE_ROLE_KEY but not as the service role (${error.message}). ` +
        'It is probably the public anon key: give the service_role (secret) key.',
    );
  }
  if (status === 401 || status === 403) {
    return new ModerationError(
      `SERVICE_ROLE_KEY was refused by ${url} (${status} ${error.message}): it is not this server's service_role key.`,
    );
  }
  const hint = error.hint ? ` ${error.hint}` : '';
  return new ModerationError(`${what}: ${error.message} (HTTP ${status}).${hint}`);
}
