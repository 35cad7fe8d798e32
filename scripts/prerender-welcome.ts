/**
 * The welcome card paints with the HTML, before any JavaScript has arrived.
 *
 * At build time this plugin
 * - inlines the entry's stylesheet into index.html (a `<style>` block instead of a `<link>`), so the
 *   first paint costs no second round trip; the server allows exactly that block in its CSP by the
 *   sha256 it computes from the built file at start (server/http/security-headers.ts);
 * - writes `index.shell.html`: the same page with an empty `#root`, for the routes where the card is
 *   not the page (/export, /moderate: server/http/static.ts), so those never flash it;
 * - renders the real WelcomeCard component with react-dom/server into `#root` of index.html, so the
 *   markup can never drift from what React renders when it takes the page over (src/main.tsx);
 *   index.html is English, and `welcome/<locale>.html` is the same page in each other language
 *   (`<html lang dir>` set, its words' first chunk preloaded), which the server sends to a
 *   visitor of that language (server/http/page-locale.ts) so no English card shows first;
 * - marks the app's scripts in those pages as not needed for the first paint
 *   (scripts/app-script-priority.ts).
 *
 * `npm run dev` is untouched (apply: 'build'): the dev page stays unrendered.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { I18n } from '@lingui/core';
import { createElement, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { DEFAULT_LOCALE, LOCALES, type Locale, directionOf } from '../src/domain/locales.ts';
import { lowerAppScriptPriority } from './app-script-priority.ts';
import { catalogsPlugin, compiledPart, partModuleId, readCatalog } from './i18n-catalogs.ts';

export const SHELL_HTML = 'index.shell.html';
/** Where each other language's page goes, as `<locale>.html` (server/http/static.ts reads it). */
export const WELCOME_PAGES_DIR = 'welcome';
const WELCOME_CARD_MODULE = '/src/features/welcome/welcome-card.tsx';
const EMPTY_ROOT = '<div id="root"></div>';
const PRERENDER_ENTRY = 'virtual:signwall-prerender';

/** What the pre-render needs from the app, as one module. */
function prerenderEntry(): Plugin {
  return {
    name: 'signwall-prerender-entry',
    resolveId: (id) => (id === PRERENDER_ENTRY ? `\0${PRERENDER_ENTRY}` : null),
    load: (id) =>
      id === `\0${PRERENDER_ENTRY}`
        ? [
            `export { WelcomeCard } from '${WELCOME_CARD_MODULE}';`,
            `export { I18nProvider } from '@lingui/react';`,
            `export { setupI18n } from '@lingui/core';`,
          ].join('\n')
        : null,
  };
}
const HTML_TAG = /<html\b[^>]*>/;

/**
 * Renders the welcome card's markup in every language as React renders it on `/`, from the
 * component itself, in Lingui's provider with the language's first words.
 */
async function renderWelcomeCards(root: string): Promise<Map<Locale, string>> {
  // Vite's own SSR loader compiles the TSX (and drops the CSS import) without a second config.
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    plugins: [catalogsPlugin(), prerenderEntry()],
  });
  try {
    // One module graph, so the card's useLingui() finds this provider's context.
    const { WelcomeCard, I18nProvider, setupI18n } = (await server.ssrLoadModule(
      PRERENDER_ENTRY,
    )) as {
      WelcomeCard: (props: {
        onSign: () => void;
        onLanguage: () => void;
        ready?: boolean;
      }) => ReactElement;
      I18nProvider: ComponentType<{ i18n: I18n; children?: ReactNode }>;
      setupI18n: (params: object) => I18n;
    };
    const cards = new Map<Locale, string>();
    for (const { code } of LOCALES) {
      const messages = compiledPart(readCatalog(root, code), 'first');
      const i18n = setupI18n({ locale: code, messages: { [code]: messages } });
      // Not ready: Sign! and the picker stay disabled until React takes the page over, so no
      // press is lost.
      const element = createElement(
        I18nProvider,
        { i18n },
        createElement(WelcomeCard, {
          onSign: () => undefined,
          onLanguage: () => undefined,
          ready: false,
        }),
      );
      cards.set(code, renderToStaticMarkup(element));
    }
    return cards;
  } finally {
    await server.close();
  }
}

/** `html` in `locale`: its `<html lang dir>`, and a preload of the language's first words. */
function pageIn(html: string, locale: Locale, firstWords: string | undefined): string {
  const page = html.replace(HTML_TAG, `<html lang="${locale}" dir="${directionOf(locale)}">`);
  if (!firstWords) return page;
  return page.replace(
    '</head>',
    `  <link rel="modulepreload" crossorigin href="/${firstWords}">\n  </head>`,
  );
}

export function prerenderWelcome(): Plugin {
  let config: ResolvedConfig;
  /** Each language's first-words chunk, as the build named it. */
  const firstWords = new Map<Locale, string>();
  return {
    name: 'signwall-prerender-welcome',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const locale = LOCALES.find(
          ({ code }) => chunk.facadeModuleId === partModuleId(code, 'first'),
        );
        if (locale) firstWords.set(locale.code, chunk.fileName);
      }
    },
    transformIndexHtml: {
      // After Vite has put in the hashed <link rel="stylesheet"> for the entry's CSS.
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
          (link, fileName: string) => {
            const asset = bundle[fileName];
            if (asset?.type !== 'asset') return link;
            return `<style>${String(asset.source).trim()}</style>`;
          },
        );
      },
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const indexPath = join(outDir, 'index.html');
      const html = await readFile(indexPath, 'utf8');
      if (!html.includes(EMPTY_ROOT)) throw new Error(`prerender: no ${EMPTY_ROOT} in index.html`);
      await writeFile(join(outDir, SHELL_HTML), html);
      const cards = await renderWelcomeCards(config.root);
      await mkdir(join(outDir, WELCOME_PAGES_DIR), { recursive: true });
      for (const [locale, card] of cards) {
        const page = pageIn(
          html.replace(EMPTY_ROOT, `<div id="root">${card}</div>`),
          locale,
          firstWords.get(locale),
        );
        const path =
          locale === DEFAULT_LOCALE ? indexPath : join(outDir, WELCOME_PAGES_DIR, `${locale}.html`);
        await writeFile(path, lowerAppScriptPriority(page));
      }
    },
  };
}
