/**
 * The request headers PostgREST negotiates on: `Prefer`, `Accept`, `Accept-Profile`/`Content-Profile`
 * and `Content-Type`. Pure functions from header text to decisions or ApiErrors.
 */
import { pgrst } from './envelope.ts';

export interface Preferences {
  /** `return=representation` / `return=minimal`, if the client said so. */
  return?: 'representation' | 'minimal';
  count?: 'exact';
  handling?: 'strict' | 'lenient';
}

/** Preferences PostgREST has but this server does not implement: refused, not ignored. */
const KNOWN_UNSUPPORTED: Record<string, string> = {
  'return=headers-only': 'return=headers-only',
  'count=planned': 'count=planned (use count=exact)',
  'count=estimated': 'count=estimated (use count=exact)',
  resolution: 'upserts (resolution=…)',
  missing: 'missing=default',
  tx: 'tx=…',
  'max-affected': 'max-affected=…',
  params: 'params=…',
  timezone: 'timezone=…',
};

/**
 * `Prefer` is a comma-separated list (several headers are joined with ", " by fetch). Unknown
 * preferences are ignored as PostgREST does, unless `handling=strict` (then PGRST122).
 */
export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = {};
  const invalid: string[] = [];
  const items = (header ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const item of items) {
    const [key = '', value = ''] = item.split('=').map((part) => part.trim());
    const refused = KNOWN_UNSUPPORTED[item] ?? KNOWN_UNSUPPORTED[key];
    if (refused) throw pgrst.parse(`Prefer: ${refused} is not supported by this server`);
    if (key === 'return' && (value === 'representation' || value === 'minimal')) {
      prefs.return = value;
    } else if (key === 'count' && value === 'exact') {
      prefs.count = 'exact';
    } else if (key === 'handling' && (value === 'strict' || value === 'lenient')) {
      prefs.handling = value;
    } else {
      invalid.push(item);
    }
  }
  if (prefs.handling === 'strict' && invalid.length > 0) throw pgrst.strictPreferences(invalid);
  return prefs;
}

/** The `Preference-Applied` value PostgREST sends back, or undefined when nothing was applied. */
export function preferenceApplied(prefs: Preferences): string | undefined {
  const applied = [
    prefs.return && `return=${prefs.return}`,
    prefs.count && `count=${prefs.count}`,
    prefs.handling && `handling=${prefs.handling}`,
  ].filter(Boolean);
  return applied.length > 0 ? applied.join(', ') : undefined;
}

/** Only `public` is exposed; any other profile is 406 PGRST106. */
export function checkProfile(header: string | undefined): void {
  if (header !== undefined && header.trim() !== 'public') throw pgrst.invalidSchema(header.trim());
}

const SINGULAR = ['application/vnd.pgrst.object+json', 'application/vnd.pgrst.object'];
const PLAIN = ['*/*', 'application/*', 'application/json'];

/**
 * Picks the response shape from `Accept`, honouring q-values: JSON array or one object.
 * Anything else (CSV, GeoJSON, plans …) is 406 PGRST107.
 */
export function negotiateAccept(header: string | undefined): 'array' | 'singular' {
  if (header === undefined || header.trim() === '') return 'array';
  const offers = header
    .split(',')
    .map((part, index) => {
      const [type = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
      const q = params.find((param) => param.startsWith('q='));
      return { type, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((offer) => offer.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const offer of offers) {
    if (SINGULAR.includes(offer.type)) return 'singular';
    if (PLAIN.includes(offer.type)) return 'array';
  }
  throw pgrst.unacceptable(header);
}

/** Request bodies must be JSON (PostgREST also takes CSV and forms; this server does not). */
export function checkContentType(header: string | undefined): void {
  if (header === undefined || header.trim() === '') return; // PostgREST assumes JSON.
  const type = header.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json' || SINGULAR.includes(type)) return;
  throw pgrst.unsupportedContentType(type);
}
