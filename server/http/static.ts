/**
 * The built app from DIST_DIR: hashed `/assets/*` cached forever, `index.html` always revalidated,
 * and every other GET that is not a file answered with `index.html` so client routes such as
 * `/export` work on reload. Without a build, GET / explains how to make one.
 *
 * index.html holds the pre-rendered welcome card (scripts/prerender-welcome.ts) in
 * English, and `welcome/<locale>.html` the same card in each other language: a visitor gets the one
 * in the language page-locale.ts chooses (`?lang=`, the picker's cookie, Accept-Language), so no
 * English card shows before the app switches. The routes where the card is not the page (/export,
 * /moderate, /embed) get `index.shell.html` instead, the same page with an empty root, so they
 * never flash the card before their own code runs; its `<html lang dir>` follow the language too.
 *
 * Only what the build put in DIST_DIR is served: no dotfiles (a stray `.env` or `.git` next to the
 * build), no file whose real path, symlinks resolved, lies outside DIST_DIR, and no source map.
 * Such paths are answered as if the file did not exist.
 *
 * Source maps: the build writes them (`sourcemap: 'hidden'` in vite.config.ts, so no bundle points
 * at one) for the owner, who can decode a visitor's stack trace from dist/ with them. They are 1 to
 * 2 MB each, list the source tree, and no visitor's browser needs them, so they are not served.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../src/domain/locales.ts';
import { LOCALE_VARY, pageLocale, withPageLocale } from './page-locale.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The build's page without the pre-rendered welcome card (scripts/prerender-welcome.ts). */
const SHELL_HTML = 'index.shell.html';
/** The welcome card in each language but English, as `<locale>.html`. */
const WELCOME_PAGES_DIR = 'welcome';
/** The build's pages, served only through the handler below (which writes them per request). */
const PAGES = new Set(['index.html', SHELL_HTML]);
const isPage = (path: string) => PAGES.has(path) || path.startsWith(`${WELCOME_PAGES_DIR}/`);
/** The app's routes that are not the welcome card (src/app/router.tsx). */
const ROUTES_WITHOUT_WELCOME = new Set(['/export', '/moderate', '/embed']);
const NO_BUILD_HINT =
  'signwall: the data API is running, but there is no built app to serve.\n' +
  'Run `npm run build` (or `npm start`, which builds first), then reload.\n';

/** True when `path` (already resolved) is `root` or below it. */
function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Whether a URL path may be served from `realRoot`: no segment starts with a dot, it is no source
 * map, and the file, if it
 * exists, resolves (through any symlink) to a place inside the root. A missing file is allowed here
 * so that it reaches the normal not-found answer.
 */
export function servablePath(realRoot: string, urlPath: string): boolean {
  const segments = urlPath.split('/');
  if (segments.some((segment) => segment.startsWith('.'))) return false;
  if (urlPath.endsWith('.map')) return false;
  let real: string;
  try {
    real = realpathSync(join(realRoot, ...segments));
  } catch {
    return true;
  }
  return isInside(realRoot, real);
}

/**
 * Writes a page for one request (the preview tags of server/share/page-meta.ts), with the
 * Cache-Control it may be kept under; without one, pages go out as built.
 */
export type PageWriter = (
  html: string,
  request: FastifyRequest,
) => { html: string; cacheControl: string };

/** The built welcome card in each language but English, read once (inside the build only). */
function welcomePages(realRoot: string): Map<Locale, string> {
  const pages = new Map<Locale, string>();
  for (const { code } of LOCALES) {
    const file = join(realRoot, WELCOME_PAGES_DIR, `${code}.html`);
    if (code !== DEFAULT_LOCALE && existsSync(file) && isInside(realRoot, realpathSync(file))) {
      pages.set(code, readFileSync(file, 'utf8'));
    }
  }
  return pages;
}

export async function registerStatic(
  app: FastifyInstance,
  distDir: string,
  writePage: PageWriter = (html) => ({ html, cacheControl: 'no-cache' }),
): Promise<void> {
  const realRoot = existsSync(distDir) ? realpathSync(distDir) : distDir;
  const index = join(realRoot, 'index.html');
  const hasBuild = existsSync(index) && isInside(realRoot, realpathSync(index));
  const shell = join(realRoot, SHELL_HTML);
  // An older build has no shell: its index.html has no card to hide either.
  const hasShell = hasBuild && existsSync(shell) && isInside(realRoot, realpathSync(shell));
  // Read once: every request gets its own copy written from these.
  const pages = {
    index: hasBuild ? readFileSync(index, 'utf8') : '',
    shell: hasShell ? readFileSync(shell, 'utf8') : '',
    welcome: hasBuild ? welcomePages(realRoot) : new Map<Locale, string>(),
  };
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: realRoot,
      dotfiles: 'ignore',
      // `/` is a page like the others (below), not the file as built.
      index: false,
      allowedPath: (pathname) =>
        !isPage(pathname.replace(/^\/+/, '')) && servablePath(realRoot, pathname),
      // The build's .br and .gz copies (scripts/precompress.ts), sent as they are when the client
      // takes them; anything else is compressed per request (app.ts).
      preCompressed: true,
      cacheControl: false, // set below: the default max-age=0 fits neither kind of file
      setHeaders(reply, filePath) {
        const inAssets = relative(realRoot, filePath).split(sep)[0] === 'assets';
        reply.header('Cache-Control', inAssets ? IMMUTABLE : 'no-cache');
      },
    });
  }

  const servePage = (request: FastifyRequest, reply: FastifyReply) => {
    const path = (request.raw.url ?? '/').split('?')[0]!;
    const spaRoute =
      (request.method === 'GET' || request.method === 'HEAD') && !/^\/assets\//.test(path);
    if (!spaRoute) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found\n');
    if (!hasBuild) {
      return reply
        .code(path === '/' ? 200 : 404)
        .type('text/plain; charset=utf-8')
        .send(NO_BUILD_HINT);
    }
    // As the router matches: case-insensitive, a trailing slash ignored.
    const route = path.toLowerCase().replace(/\/+$/, '');
    const locale = pageLocale(request);
    const shellPage = hasShell && ROUTES_WITHOUT_WELCOME.has(route);
    const card = locale === DEFAULT_LOCALE ? pages.index : pages.welcome.get(locale);
    // A build without this language's card: the English one, left for the app to switch.
    const page = shellPage
      ? withPageLocale(pages.shell, locale)
      : card
        ? withPageLocale(card, locale)
        : pages.index;
    const written = writePage(page, request);
    return reply
      .header('Cache-Control', written.cacheControl)
      .header('Vary', LOCALE_VARY)
      .header('Content-Language', shellPage || card ? locale : DEFAULT_LOCALE)
      .type('text/html; charset=utf-8')
      .send(written.html);
  };
  // `/` is not a file here (the static plugin's index is off): the page, as for every route.
  if (hasBuild) app.get('/', servePage);
  app.setNotFoundHandler(servePage);
}
