/**
 * The grammar of PostgREST's query string, for the subset this server speaks: `select`, `order`,
 * filters `col=op.value` and `col=in.(a,b,…)`, `limit`, `offset`, `columns`. Everything PostgREST
 * has beyond it (embedding, aliases, casts, JSON paths, `or=`, `not.`, `like` …) is refused with
 * PGRST100 and a message saying so, never silently ignored.
 */
import type { Filter, FilterOp, OrderTerm, SelectItem } from './ast.ts';
import { pgrst } from './envelope.ts';

const SUPPORTED_OPS: readonly FilterOp[] = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'is', 'in'];
/** PostgREST operators this server knows by name but does not implement. */
const OTHER_OPS = [
  'like',
  'ilike',
  'match',
  'imatch',
  'isdistinct',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
];
const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'];
const SUPPORTED = `Supported here: ${SUPPORTED_OPS.join(', ')}.`;

/** A plain column name, or a double-quoted one (`"my col"`, `""` escapes a quote). */
export function parseIdentifier(text: string, context: string): string {
  if (/^[A-Za-z_][A-Za-z0-9_$]*$/.test(text)) return text;
  const quoted = /^"((?:[^"]|"")+)"$/.exec(text);
  if (quoted) return quoted[1]!.replace(/""/g, '"');
  if (text.includes('->'))
    throw unsupported(context, text, 'JSON paths (->, ->>) are not supported');
  if (text.includes('::')) throw unsupported(context, text, 'casts (::) are not supported');
  if (text.includes('(')) throw unsupported(context, text, 'embedded resources are not supported');
  if (text.includes(':'))
    throw unsupported(context, text, 'aliases (alias:column) are not supported');
  if (text.includes('.')) throw unsupported(context, text, 'embedded filters are not supported');
  throw pgrst.parse(
    `"failed to parse ${context} (${text})" (line 1, column 1)`,
    'not a column name',
  );
}

function unsupported(context: string, text: string, why: string) {
  return pgrst.parse(`"failed to parse ${context} (${text})": ${why} by this server`);
}

/** `select=*` or `select=id,signature`; supabase-js strips whitespace, so no spaces are expected. */
export function parseSelect(value: string | null): SelectItem[] {
  if (value === null) return [{ star: true }];
  if (value.trim() === '') return [];
  return value.split(',').map((raw) => {
    const item = raw.trim();
    return item === '*' ? { star: true } : { column: parseIdentifier(item, 'select') };
  });
}

/** `order=created_at.asc,id.desc.nullslast`. */
export function parseOrder(value: string | null): OrderTerm[] {
  if (value === null || value === '') return [];
  return value.split(',').map((raw) => {
    const parts = raw.split('.');
    const modifiers: string[] = [];
    // Modifiers come last; a quoted column may itself contain dots, so peel from the right.
    while (parts.length > 1 && /^(asc|desc|nullsfirst|nullslast)$/.test(parts[parts.length - 1]!)) {
      modifiers.unshift(parts.pop()!);
    }
    const term: OrderTerm = { column: parseIdentifier(parts.join('.'), 'order') };
    for (const modifier of modifiers) {
      if (modifier === 'asc' || modifier === 'desc') {
        if (term.direction || term.nulls) throw badOrder(raw);
        term.direction = modifier;
      } else {
        if (term.nulls) throw badOrder(raw);
        term.nulls = modifier as OrderTerm['nulls'];
      }
    }
    return term;
  });
}

function badOrder(raw: string) {
  return pgrst.parse(
    `"failed to parse order (${raw})" (line 1, column 1)`,
    'expected column[.asc|.desc][.nullsfirst|.nullslast]',
  );
}

/** One filter, `key=value` where value is `op.text`. */
export function parseFilter(key: string, value: string): Filter {
  if (['or', 'and', 'not.or', 'not.and'].includes(key)) {
    throw pgrst.parse(
      `"failed to parse logic tree (${value})": ${key}= is not supported by this server`,
    );
  }
  const column = parseIdentifier(key, 'filter');
  const dot = value.indexOf('.');
  const op = dot < 0 ? value : value.slice(0, dot);
  const operand = dot < 0 ? '' : value.slice(dot + 1);
  if (op === 'not') {
    throw pgrst.parse(`"failed to parse filter (${value})": not. is not supported by this server`);
  }
  const modifier = /^(\w+)\((any|all)\)$/.exec(op);
  if (modifier) {
    throw pgrst.parse(
      `"failed to parse filter (${value})": the (${modifier[2]}) modifier is not supported by this server`,
    );
  }
  if (OTHER_OPS.includes(op)) {
    throw pgrst.parse(`operator "${op}" is not supported by this server`, SUPPORTED);
  }
  if (dot < 0 || !(SUPPORTED_OPS as readonly string[]).includes(op)) {
    throw pgrst.parse(
      `"failed to parse filter (${value})" (line 1, column 1)`,
      `unexpected "${value.charAt(0)}" expecting "not" or operator (eq, gt, ...)`,
    );
  }
  if (op === 'in') return { column, op, values: parseInList(value) };
  if (op === 'is') {
    const keyword = operand.toLowerCase();
    if (!IS_VALUES.includes(keyword)) {
      throw pgrst.parse(
        `"failed to parse filter (${value})" (line 1, column 4)`,
        `expecting ${IS_VALUES.join(', ')}`,
      );
    }
    return { column, op, value: keyword };
  }
  return { column, op: op as Exclude<FilterOp, 'in'>, value: operand };
}

const LIST_SPACE = [' ', '\t'];

/**
 * The list of `in.(…)` (the whole filter value, `in.` included), read as PostgREST's pListVal reads
 * it: `(`, elements separated by `,`, `)`, with spaces and tabs allowed around the parentheses. An
 * element is a double-quoted string (`\` escapes the next character) when a `,` or `)` follows its
 * closing quote, else everything up to the next `,` or `)` as written. So `("a,b",c)` is `a,b` and
 * `c`, `()` is one empty element (PostgREST's empty list), and `("a"b)` is `"a"b`. Refusals carry
 * PostgREST's position and wording (positions count characters from 1). One deliberate difference:
 * PostgREST ignores anything after the closing parenthesis; here that is refused, as every other
 * text this server would not act on.
 */
export function parseInList(value: string): string[] {
  const chars = Array.from(value);
  let at = 3; // after `in.`
  const refuse = (expecting: string): never => {
    const unexpected = at < chars.length ? JSON.stringify(chars[at]) : 'end of input';
    throw pgrst.parse(
      `"failed to parse filter (${value})" (line 1, column ${at + 1})`,
      `unexpected ${unexpected} expecting ${expecting}`,
    );
  };
  const skipSpace = () => {
    while (at < chars.length && LIST_SPACE.includes(chars[at]!)) at++;
  };
  const endsElement = (index: number) =>
    index >= chars.length || chars[index] === ',' || chars[index] === ')';

  /** A quoted element ending where `,` or `)` (or the end) follows; undefined if there is none. */
  const quoted = (): string | undefined => {
    if (chars[at] !== '"') return undefined;
    let text = '';
    for (let index = at + 1; index < chars.length; index++) {
      const char = chars[index]!;
      if (char === '"') {
        if (!endsElement(index + 1)) return undefined;
        at = index + 1;
        return text;
      }
      if (char === '\\') {
        index++;
        if (index >= chars.length) return undefined;
        text += chars[index];
      } else {
        text += char;
      }
    }
    return undefined;
  };
  const plain = (): string => {
    const start = at;
    while (!endsElement(at)) at++;
    return chars.slice(start, at).join('');
  };

  skipSpace();
  if (chars[at] !== '(') refuse('"("');
  at++;
  skipSpace();
  const values: string[] = [];
  for (;;) {
    values.push(quoted() ?? plain());
    if (chars[at] !== ',') break;
    at++;
  }
  skipSpace();
  if (chars[at] !== ')') refuse('"," or ")"');
  at++;
  skipSpace();
  if (at < chars.length) refuse('end of input');
  return values;
}

/** `limit` / `offset`: non-negative integers. */
export function parseCount(name: 'limit' | 'offset', value: string | null): number | undefined {
  if (value === null) return undefined;
  if (!/^\d{1,15}$/.test(value)) {
    throw pgrst.parse(
      `"failed to parse ${name} parameter (${value})" (line 1, column 1)`,
      'expecting a non-negative integer',
    );
  }
  return Number(value);
}

/** `columns="signature","caption"` (supabase-js quotes them) or `columns=signature,caption`. */
export function parseColumnsParam(value: string): string[] {
  const names = new Set<string>();
  for (const raw of value.split(',')) names.add(parseIdentifier(raw.trim(), 'columns'));
  return [...names];
}
