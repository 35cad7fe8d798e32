import { describe, expect, it } from 'vitest';
import { ApiError, fromSqlError, statusForSqlState } from './envelope.ts';

describe('statusForSqlState (PostgREST mapSQLtoHTTP)', () => {
  it.each<[string, number, string?]>([
    ['08006', 503],
    ['09000', 500],
    ['0L000', 403],
    ['0P000', 403],
    ['23502', 400],
    ['23503', 409],
    ['23505', 409],
    ['23514', 400],
    ['23P01', 400],
    ['25006', 405],
    ['25P02', 500],
    ['21000', 500],
    ['21000', 400, 'UPDATE requires a WHERE clause'],
    ['28000', 403],
    ['2D000', 500],
    ['38000', 500],
    ['39000', 500],
    ['3B000', 500],
    ['40000', 500],
    // Busy, not broken (our choice; PostgREST says 500): retry after a while.
    ['40001', 503],
    ['40P01', 503],
    ['53400', 503],
    ['53100', 503],
    ['53200', 503],
    ['54000', 500],
    ['55000', 500],
    ['55P03', 503],
    ['57P01', 503],
    ['57P03', 503],
    ['57014', 503],
    ['57000', 500],
    ['58000', 500],
    ['F0000', 500],
    ['HV000', 500],
    ['P0001', 400],
    ['P0002', 500],
    ['XX000', 500],
    ['42883', 404],
    ['42P01', 404],
    ['42P17', 500],
    ['42703', 400],
    ['22P02', 400],
    ['22007', 400],
    ['PT429', 429],
    ['PT418', 418],
    ['PTabc', 500],
  ])('%s → %i', (code, status, message = '') => {
    expect(statusForSqlState(code, message, false)).toBe(status);
  });

  it('turns 42501 into 401 for anon and 403 for a signed-in role', () => {
    expect(statusForSqlState('42501', '', false)).toBe(401);
    expect(statusForSqlState('42501', '', true)).toBe(403);
  });
});

describe('fromSqlError', () => {
  it('passes SQLSTATE, message, detail and hint through', () => {
    const error = fromSqlError({
      code: 'P0001',
      message: 'slow down',
      detail: undefined,
      hint: 'wait',
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.body).toEqual({
      code: 'P0001',
      message: 'slow down',
      details: null,
      hint: 'wait',
    });
  });

  it('adds WWW-Authenticate: Bearer to 401s', () => {
    const error = fromSqlError({
      code: '42501',
      message: 'permission denied for table signatures',
    });
    expect(error.status).toBe(401);
    expect(error.headers).toEqual({ 'WWW-Authenticate': 'Bearer' });
  });
});

describe("fromSqlError for RAISE SQLSTATE 'PGRST' (the SQL chooses status and headers)", () => {
  const raised = (message: string, detail?: string) =>
    fromSqlError({ code: 'PGRST', message, detail });

  it('answers with the status, headers and envelope the SQL gave', () => {
    const error = raised(
      '{"code":"PT429","message":"Too many","details":"At most 3","hint":"Wait"}',
      '{"status":429,"headers":{"Retry-After":"42"}}',
    );
    expect(error.status).toBe(429);
    expect(error.headers).toEqual({ 'Retry-After': '42' });
    expect(error.body).toEqual({
      code: 'PT429',
      message: 'Too many',
      details: 'At most 3',
      hint: 'Wait',
    });
  });

  it('leaves details and hint null when the SQL gives none', () => {
    const error = raised('{"code":"X1","message":"m"}', '{"status":402,"headers":{}}');
    expect(error.status).toBe(402);
    expect(error.body).toEqual({ code: 'X1', message: 'm', details: null, hint: null });
  });

  it.each<[string, string, string | undefined]>([
    ['message not JSON', 'nope', '{"status":429,"headers":{}}'],
    ['no code', '{"message":"m"}', '{"status":429,"headers":{}}'],
    ['no detail', '{"code":"c","message":"m"}', undefined],
    ['no headers', '{"code":"c","message":"m"}', '{"status":429}'],
    ['status not a number', '{"code":"c","message":"m"}', '{"status":"429","headers":{}}'],
    ['status out of range', '{"code":"c","message":"m"}', '{"status":42,"headers":{}}'],
    ['header not text', '{"code":"c","message":"m"}', '{"status":429,"headers":{"A":1}}'],
  ])('is 500 PGRST121 when it cannot be read (%s)', (_case, message, detail) => {
    const error = raised(message, detail);
    expect(error.status).toBe(500);
    expect(error.body.code).toBe('PGRST121');
  });
});
