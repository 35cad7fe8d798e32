/** The one Supabase client of the app, created on first use from the validated configuration. */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { readDataApiConfig, type ConfigResult } from './config.ts';

export const dataApiConfig: ConfigResult = readDataApiConfig(
  import.meta.env,
  globalThis.location?.origin ?? '',
);

let client: SupabaseClient | undefined;

/** The shared client; call only when `dataApiConfig.ok` (the app shows the problem otherwise). */
export function supabase(): SupabaseClient {
  if (!dataApiConfig.ok) throw new Error(dataApiConfig.problem);
  client ??= createClient(dataApiConfig.config.url, dataApiConfig.config.key, {
    // No accounts: nothing to persist or refresh, and no auth callback in the URL.
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return client;
}
