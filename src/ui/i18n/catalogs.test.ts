/**
 * Every language's catalog against the English source (catalogs/en.json): the same messages, each
 * with the same placeholders of the same kinds, plurals with exactly the categories the language
 * has (Intl.PluralRules: Arabic's six, Japanese's one), and each formats through Lingui's runtime.
 */
import { join } from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import {
  compiledPart,
  partOf,
  readCatalog,
  CATALOG_PARTS,
} from '../../../scripts/i18n-catalogs.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../domain/locales.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const english = readCatalog(ROOT, DEFAULT_LOCALE);
const ids = Object.keys(english).sort();
const translated = LOCALES.filter(({ code }) => code !== DEFAULT_LOCALE).map(({ code }) => code);

interface Shape {
  /** Each placeholder by name, with its kind ('' for a plain one). */
  readonly args: Map<string, string>;
  /** Each plural's branch keys, by the placeholder's name. */
  readonly plurals: Map<string, Set<string>>;
}

/** The placeholders and plural branches of a compiled message (nested ones included). */
function shapeOf(compiled: CompiledMessage): Shape {
  const args = new Map<string, string>();
  const plurals = new Map<string, Set<string>>();
  const walk = (tokens: unknown) => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens as unknown[]) {
      if (!Array.isArray(token)) continue;
      const [name, type = '', format] = token as [string, string?, unknown?];
      args.set(name, type);
      if (format && typeof format === 'object') {
        // Lingui leaves some keys (an offset) undefined: only the branches count.
        const branches = Object.entries(format).filter(([, branch]) => branch !== undefined);
        if (type === 'plural') {
          const keys = plurals.get(name) ?? new Set<string>();
          for (const [key] of branches) keys.add(key);
          plurals.set(name, keys);
        }
        for (const [, branch] of branches) walk(branch);
      }
    }
  };
  walk(compiled);
  return { args, plurals };
}

const sorted = (map: Map<string, string>) => [...map].sort(([a], [b]) => a.localeCompare(b));

/** Made-up values for a message's placeholders: numbers for numbers and plurals, else text. */
function sampleValues(shape: Shape, n: number): Record<string, unknown> {
  return Object.fromEntries(
    [...shape.args].map(([name, type]) => [name, type === '' ? `«${name}»` : n]),
  );
}

describe('the English source', () => {
  it('puts every message in a part of the catalog', () => {
    for (const id of ids) expect(CATALOG_PARTS).toContain(partOf(id));
    expect(ids.filter((id) => partOf(id) === 'first')).toContain('welcome.heading');
  });

  it('keeps the spec’s words (§2)', () => {
    expect(english['welcome.heading']).toBe('Hey! Sign my page!');
    expect(english['welcome.sign']).toBe('Sign!');
    expect(english['board.mode.sign']).toBe('Sign');
    expect(english['board.mode.pan']).toBe('Pan');
  });
});

describe.each(translated)('the %s catalog', (locale: Locale) => {
  const catalog = readCatalog(ROOT, locale);
  const categories = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);

  it('has every message of the source, and none besides', () => {
    const missing = ids.filter((id) => !(id in catalog));
    const extra = Object.keys(catalog).filter((id) => !(id in english));
    expect(missing, 'missing').toEqual([]);
    expect(extra, 'not in the source').toEqual([]);
  });

  it('keeps every placeholder, of the same kind, and no other', () => {
    const changed = ids.flatMap((id) => {
      if (!(id in catalog)) return [];
      const theirs = sorted(shapeOf(compileMessage(catalog[id]!)).args);
      const ours = sorted(shapeOf(compileMessage(english[id]!)).args);
      return JSON.stringify(theirs) === JSON.stringify(ours) ? [] : [{ id, ours, theirs }];
    });
    expect(changed).toEqual([]);
  });

  it('words each plural in exactly the categories of the language', () => {
    const wrong = ids.flatMap((id) => {
      if (!(id in catalog)) return [];
      const { plurals } = shapeOf(compileMessage(catalog[id]!));
      return [...plurals].flatMap(([name, keys]) => {
        const named = [...keys].filter((key) => !/^\d+$/.test(key));
        const lacking = [...categories].filter((c) => !keys.has(c));
        const foreign = named.filter((key) => !categories.has(key as Intl.LDMLPluralRule));
        return lacking.length || foreign.length ? [{ id, name, lacking, foreign }] : [];
      });
    });
    expect(wrong).toEqual([]);
  });

  it('formats every message with its values through Lingui’s runtime', () => {
    const i18n = setupI18n({ locale, messages: {} });
    for (const part of CATALOG_PARTS) i18n.load(locale, compiledPart(catalog, part));
    for (const id of ids) {
      const shape = shapeOf(compileMessage(english[id]!));
      for (const n of [0, 1, 2, 3, 5, 11, 22, 101, 1234]) {
        const text = i18n._(id, sampleValues(shape, n));
        expect(text, id).not.toBe(id);
        expect(text, id).not.toMatch(/[{}]/);
        for (const [name, type] of shape.args) {
          if (type === '') expect(text, `${id}: ${name}`).toContain(`«${name}»`);
        }
      }
    }
  });

  it('is translated: at most a few messages read as in English', () => {
    const same = ids.filter((id) => catalog[id] === english[id]);
    expect(same.length, same.join(', ')).toBeLessThanOrEqual(Math.floor(ids.length * 0.08));
  });
});
