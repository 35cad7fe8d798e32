/**
 * The message catalogs, compiled at build time. Each language's catalog is one JSON file of ICU
 * messages by id (src/ui/i18n/catalogs/<locale>.json; en.json is the source the others translate).
 * Lingui's runtime formats compiled messages only, so no ICU parser ships to the browser: this
 * Vite plugin compiles each catalog with Lingui's own compiler and cuts it in parts, each its own
 * module, loaded when the page needs it:
 *
 * - `first`: what the first screen says (the welcome card, the app's error pages): English's is in
 *   the entry chunk, every other language's is a small chunk the page fetches before it renders
 *   (and the server's pre-rendered page preloads, scripts/prerender-welcome.ts);
 * - `app`: the board, its toasts, the export: fetched beside the board's code;
 * - `moderate`: the owner's page, fetched with it.
 *
 * `virtual:signwall-catalogs` exports English's first part and a loader per language and part.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../src/domain/locales.ts';

export const CATALOG_DIR = 'src/ui/i18n/catalogs';
export const CATALOG_PARTS = ['first', 'app', 'moderate'] as const;
export type CatalogPart = (typeof CATALOG_PARTS)[number];

const INDEX_ID = 'virtual:signwall-catalogs';
const PART_ID = /^virtual:signwall-catalog\/([A-Za-z-]+)\/([a-z]+)$/;
/** The resolved id of one part: also how the build's chunks are told apart (facadeModuleId). */
export const partModuleId = (locale: Locale, part: CatalogPart) =>
  `\0signwall-catalog-${locale}-${part}`;

/** Which part a message belongs to, by its id's first segment. */
export function partOf(id: string): CatalogPart {
  const area = id.split('.', 1)[0];
  if (area === 'welcome' || area === 'app') return 'first';
  if (area === 'moderate') return 'moderate';
  return 'app';
}

export type Catalog = Readonly<Record<string, string>>;

/** One language's catalog as written: its ICU messages by id. */
export function readCatalog(root: string, locale: Locale): Catalog {
  return JSON.parse(readFileSync(catalogPath(root, locale), 'utf8')) as Catalog;
}

export function catalogPath(root: string, locale: Locale): string {
  return join(resolve(root), CATALOG_DIR, `${locale}.json`);
}

/** One part of a catalog, each message compiled for Lingui's runtime. */
export function compiledPart(
  catalog: Catalog,
  part: CatalogPart,
): Record<string, ReturnType<typeof compileMessage>> {
  const out: Record<string, ReturnType<typeof compileMessage>> = {};
  for (const [id, message] of Object.entries(catalog)) {
    if (partOf(id) === part) out[id] = compileMessage(message);
  }
  return out;
}

function isLocale(code: string): code is Locale {
  return LOCALES.some((l) => l.code === code);
}

function isPart(part: string): part is CatalogPart {
  return (CATALOG_PARTS as readonly string[]).includes(part);
}

/** The module that names every part: English's first statically, the rest as lazy loaders. */
function indexModule(): string {
  const english = `virtual:signwall-catalog/${DEFAULT_LOCALE}/first`;
  const loaders = LOCALES.map(({ code }) => {
    const parts = CATALOG_PARTS.map((part) =>
      code === DEFAULT_LOCALE && part === 'first'
        ? `first: () => Promise.resolve({ default: englishFirst })`
        : `${part}: () => import(${JSON.stringify(`virtual:signwall-catalog/${code}/${part}`)})`,
    );
    return `${JSON.stringify(code)}: { ${parts.join(', ')} }`;
  });
  return [
    `import englishFirst from ${JSON.stringify(english)};`,
    `export { englishFirst };`,
    `export const loaders = { ${loaders.join(',\n')} };`,
  ].join('\n');
}

export function catalogsPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'signwall-catalogs',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      if (id === INDEX_ID) return `\0${INDEX_ID}`;
      const match = PART_ID.exec(id);
      if (match && isLocale(match[1]!) && isPart(match[2]!)) {
        return partModuleId(match[1], match[2]);
      }
      return null;
    },
    load(id) {
      if (id === `\0${INDEX_ID}`) return indexModule();
      for (const { code } of LOCALES) {
        for (const part of CATALOG_PARTS) {
          if (id !== partModuleId(code, part)) continue;
          this.addWatchFile(catalogPath(root, code));
          const compiled = compiledPart(readCatalog(root, code), part);
          // JSON.parse of a string literal: faster to start than the same object as code.
          return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
        }
      }
      return null;
    },
  };
}
