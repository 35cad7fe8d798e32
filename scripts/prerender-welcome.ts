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
 * - marks the app's scripts in index.html as not needed for the first paint
 *   (scripts/app-script-priority.ts).
 *
 * `npm run dev` is untouched (apply: 'build'): the dev page stays unrendered.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { lowerAppScriptPriority } from './app-script-priority.ts';

export const SHELL_HTML = 'index.shell.html';
const WELCOME_CARD_MODULE = '/src/features/welcome/welcome-card.tsx';
const EMPTY_ROOT = '<div id="root"></div>';

/** Renders the welcome card's markup as React renders it on `/`, from the component itself. */
async function renderWelcomeCard(root: string): Promise<string> {
  // Vite's own SSR loader compiles the TSX (and drops the CSS import) without a second config.
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const module = (await server.ssrLoadModule(WELCOME_CARD_MODULE)) as {
      WelcomeCard: (props: { onSign: () => void; ready?: boolean }) => ReactElement;
    };
    // Not ready: Sign! stays disabled until React takes the page over, so no press is lost.
    return renderToStaticMarkup(
      createElement(module.WelcomeCard, { onSign: () => undefined, ready: false }),
    );
  } finally {
    await server.close();
  }
}

export function prerenderWelcome(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'signwall-prerender-welcome',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
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
      const card = await renderWelcomeCard(config.root);
      const page = html.replace(EMPTY_ROOT, `<div id="root">${card}</div>`);
      await writeFile(indexPath, lowerAppScriptPriority(page));
    },
  };
}
