/**
 * Where the data API lives, read from the build's environment (docs/architecture.md §2). Validated here so a
 * bad build shows a readable message instead of a blank page (supabase-js throws at creation).
 */

/** The key the local server accepts unless ANON_KEY says otherwise. Public, not a secret. */
export const LOCAL_ANON_KEY = 'sb_publishable_signwall_local';

export interface DataApiConfig {
  readonly url: string;
  readonly key: string;
}

export type ConfigResult =
  | { readonly ok: true; readonly config: DataApiConfig }
  | { readonly ok: false; readonly problem: string };

export interface BuildEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  readonly VITE_SUPABASE_PUBLISHABLE_KEY?: string;
}

/** The data API's base URL and public key: from the build env, else the page's own origin. */
export function readDataApiConfig(env: BuildEnv, pageOrigin: string): ConfigResult {
  const url = (env.VITE_SUPABASE_URL ?? '').trim() || pageOrigin;
  const key = (env.VITE_SUPABASE_PUBLISHABLE_KEY ?? env.VITE_SUPABASE_ANON_KEY ?? '').trim();
  if (!/^https?:\/\//i.test(url)) {
    return { ok: false, problem: `VITE_SUPABASE_URL must be an http(s) URL, not "${url}".` };
  }
  try {
    new URL(url);
  } catch {
    return { ok: false, problem: `VITE_SUPABASE_URL is not a valid URL: "${url}".` };
  }
  return { ok: true, config: { url, key: key || LOCAL_ANON_KEY } };
}
