import { describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, readDataApiConfig } from './config.ts';

describe('readDataApiConfig', () => {
  it('defaults to the page origin and the local key', () => {
    expect(readDataApiConfig({}, 'http://127.0.0.1:3000')).toEqual({
      ok: true,
      config: { url: 'http://127.0.0.1:3000', key: LOCAL_ANON_KEY },
    });
  });

  it('uses the build variables, preferring the publishable key name', () => {
    const env = {
      VITE_SUPABASE_URL: ' https://abc.supabase.co ',
      VITE_SUPABASE_ANON_KEY: 'legacy',
      VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_x',
    };
    expect(readDataApiConfig(env, 'http://x')).toEqual({
      ok: true,
      config: { url: 'https://abc.supabase.co', key: 'sb_publishable_x' },
    });
  });

  it('explains a URL that is not http(s) or is malformed', () => {
    const bad = readDataApiConfig({ VITE_SUPABASE_URL: 'localhost:54321' }, 'http://x');
    expect(bad).toMatchObject({ ok: false });
    expect(!bad.ok && bad.problem).toContain('http(s)');
    expect(readDataApiConfig({ VITE_SUPABASE_URL: 'http://' }, 'http://x').ok).toBe(false);
  });
});
