import { describe, expect, it } from 'vitest';
import { ApiError } from '../rest/envelope.ts';
import { requestRole, serviceKeyProblem } from './api-key.ts';

const ANON = 'sb_publishable_anon';
const SERVICE = 's'.repeat(40);
const keys = { anon: ANON, serviceRole: SERVICE };

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError)
      return `${error.status} ${error.body.code ?? error.body.message}`;
    throw error;
  }
  return 'accepted';
}

describe('requestRole', () => {
  it.each<[string, string | undefined, string | null, string | undefined, string]>([
    ['anon key', ANON, null, undefined, 'anon'],
    ['anon key and bearer', ANON, null, `Bearer ${ANON}`, 'anon'],
    ['service key', SERVICE, null, undefined, 'service_role'],
    ['service key and bearer', SERVICE, null, `Bearer ${SERVICE}`, 'service_role'],
    ['anon key in the URL', undefined, ANON, undefined, 'anon'],
    // The bearer decides, as PostgREST takes the role from the JWT.
    ['service apikey, anon bearer', SERVICE, null, `Bearer ${ANON}`, 'anon'],
    ['anon apikey, service bearer', ANON, null, `bearer ${SERVICE}`, 'service_role'],
  ])('%s → %s', (_name, header, query, authorization, expected) => {
    expect(requestRole(header, query, authorization, keys)).toBe(expected);
  });

  it.each<[string, string | undefined, string | undefined, string]>([
    ['no key', undefined, undefined, '401 No API key found in request'],
    ['a wrong key', 'sb_wrong', undefined, '401 Invalid API key'],
    ['the service key with a character less', SERVICE.slice(1), undefined, '401 Invalid API key'],
    ['a wrong bearer', SERVICE, 'Bearer nope', '401 PGRST301'],
    ['a bearer of another scheme', SERVICE, `Basic ${SERVICE}`, '401 PGRST301'],
  ])('refuses %s', (_name, header, authorization, expected) => {
    expect(refusal(() => requestRole(header, null, authorization, keys))).toBe(expected);
  });

  it('refuses the service key in the URL, even with a bearer', () => {
    const inUrl = '401 The secret key is not accepted in the URL';
    expect(refusal(() => requestRole(undefined, SERVICE, undefined, keys))).toBe(inUrl);
    expect(refusal(() => requestRole(undefined, SERVICE, `Bearer ${SERVICE}`, keys))).toBe(inUrl);
  });

  it('knows no service key when none is configured', () => {
    expect(refusal(() => requestRole(SERVICE, null, undefined, { anon: ANON }))).toBe(
      '401 Invalid API key',
    );
    expect(refusal(() => requestRole(ANON, null, `Bearer ${SERVICE}`, { anon: ANON }))).toBe(
      '401 PGRST301',
    );
  });
});

describe('serviceKeyProblem', () => {
  it('accepts a long secret that is not the anon key', () => {
    expect(serviceKeyProblem(SERVICE, ANON)).toBeUndefined();
  });

  it('refuses the anon key, and says why without printing either key', () => {
    const long = 'p'.repeat(48);
    const problem = serviceKeyProblem(long, long);
    expect(problem).toMatch(/equals ANON_KEY.*public/);
    expect(problem).not.toContain(long);
  });

  it('refuses a key shorter than 32 characters, and says why', () => {
    const problem = serviceKeyProblem('short-secret', ANON);
    expect(problem).toMatch(/too short to be a secret \(12 characters, at least 32\)/);
    expect(problem).not.toContain('short-secret');
    expect(serviceKeyProblem('x'.repeat(32), ANON)).toBeUndefined();
  });
});
