/**
 * The app's connection to the data API. Reads and writes go through supabase-js's own REST client
 * (`PostgrestClient`, with the same `apikey` and bearer headers supabase-js sends), and live
 * changes through realtime-js (wall-changes.ts): the two parts of supabase-js the visitor's app
 * uses, without its auth and storage, which keeps ~50 KB (gzip) off a phone's first load.
 */
import { PostgrestClient } from '@supabase/postgrest-js';
import { readDataApiConfig, type ConfigResult } from './config.ts';

export const dataApiConfig: ConfigResult = readDataApiConfig(
  import.meta.env,
  globalThis.location?.origin ?? '',
);

function config() {
  if (!dataApiConfig.ok) throw new Error(dataApiConfig.problem);
  return dataApiConfig.config;
}

/** Service paths resolve against the base URL as supabase-js resolves them (a path prefix stays). */
function serviceUrl(path: string): string {
  const { url } = config();
  return new URL(path, url.endsWith('/') ? url : `${url}/`).href;
}

/** The data API's REST client: what every read and save in src/data goes through. */
export type DataApi = PostgrestClient;

/**
 * A REST client for the data API at `restUrl` (`<project URL>/rest/v1`), built as the app builds
 * its own; the API tests build theirs with it against the real server (`fetch` to record requests).
 */
export function createDataApi(
  restUrl: string,
  key: string,
  fetch?: typeof globalThis.fetch,
): DataApi {
  return new PostgrestClient(restUrl, {
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'X-Client-Info': 'signwall' },
    schema: 'public',
    ...(fetch ? { fetch } : {}),
  });
}

let rest: DataApi | undefined;

/** The shared REST client; call only when `dataApiConfig.ok` (the app shows the problem otherwise). */
export function dataApi(): DataApi {
  rest ??= createDataApi(serviceUrl('rest/v1'), config().key);
  return rest;
}
