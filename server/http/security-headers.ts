/**
 * Headers on every answer, API, static and errors alike: no MIME sniffing, a referrer policy, and a
 * Content-Security-Policy under which the app runs and nothing injected does.
 *
 * The policy allows what the built app needs: its own scripts and styles, images from data: and
 * blob: (the PNG export), and connections to its own origin plus, when the app was built for another
 * data API (hosted Supabase), that origin and its wss:// twin for Realtime.
 *
 * Framing: people embed the wall in their pages (/embed, the snippet embed.js). The owner may name
 * the sites allowed to (EMBED_ORIGINS): every page then says `frame-ancestors 'self' <origins>`,
 * and browsers refuse to show it in a frame of any other site; unset, any site may. /moderate is
 * never framable (`frame-ancestors 'none'`, and X-Frame-Options for browsers without CSP 2): a page
 * that takes the owner's key has no business inside someone else's page (clickjacking).
 *
 * Inline styles: the build inlines the welcome card's stylesheet into index.html
 * (scripts/prerender-welcome.ts), and the policy allows exactly those blocks by their sha256,
 * computed from the built files when the server starts, so it follows every build and never
 * allows any other inline style ('unsafe-inline' never).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LOCALES } from '../../src/domain/locales.ts';

/**
 * The HTML pages the build writes (server/http/static.ts serves them); each may hold <style>s.
 * The welcome card in each other language has the same style; its hash is read all the same.
 */
const BUILT_PAGES = [
  'index.html',
  'index.shell.html',
  ...LOCALES.map(({ code }) => join('welcome', `${code}.html`)),
];

/** The origin of the data API the app talks to, from a URL such as VITE_SUPABASE_URL; else null. */
export function apiOriginOf(url: string | undefined): string | null {
  if (!url || url.trim() === '') return null;
  try {
    const parsed = new URL(url.trim());
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return parsed.origin;
  } catch {
    return null;
  }
}

/** CSP hash sources ('sha256-…') for every <style> block of `html`, as the browser hashes them. */
export function styleHashesOf(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css]) => `'sha256-${createHash('sha256').update(css!, 'utf8').digest('base64')}'`,
  );
}

/** The hash sources of the inline styles in the built pages of `distDir`; none without a build. */
export function builtStyleHashes(distDir: string): string[] {
  const hashes = new Set<string>();
  for (const page of BUILT_PAGES) {
    let html: string;
    try {
      html = readFileSync(join(distDir, page), 'utf8');
    } catch {
      continue; // no build (or an older one without the page): nothing inline to allow
    }
    for (const hash of styleHashesOf(html)) hashes.add(hash);
  }
  return [...hashes];
}

/** Who may frame a page: any site (null), the owner's list, or nobody. */
export type FrameAncestors = readonly string[] | null | 'none';

/** Whether a request path is the owner's page (as the router matches it: case, trailing slash). */
export function isModeratePath(path: string): boolean {
  return path.split('?')[0]!.toLowerCase().replace(/\/+$/, '') === '/moderate';
}

/**
 * EMBED_ORIGINS as origins (`https://blog.example`, comma-separated); throws on anything that is
 * not an http(s) origin, so a typo stops the start rather than block every embed.
 */
export function parseEmbedOrigins(text: string | undefined): string[] | null {
  if (text === undefined || text.trim() === '') return null;
  return text.split(',').map((item) => {
    const origin = item.trim();
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      // reported below
    }
    if (
      !parsed ||
      (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') ||
      parsed.origin !== origin.replace(/\/$/, '')
    ) {
      throw new Error(
        `EMBED_ORIGINS must be origins separated by commas, such as https://blog.example (not "${origin}")`,
      );
    }
    return parsed.origin;
  });
}

function frameAncestorsDirective(ancestors: FrameAncestors): string[] {
  if (ancestors === null) return [];
  if (ancestors === 'none') return ["frame-ancestors 'none'"];
  return [`frame-ancestors 'self' ${ancestors.join(' ')}`];
}

export function contentSecurityPolicy(
  apiOrigin: string | null,
  styleHashes: string[] = [],
  ancestors: FrameAncestors = null,
): string {
  const connect = ["'self'"];
  if (apiOrigin) connect.push(apiOrigin, apiOrigin.replace(/^http/, 'ws'));
  return [
    "default-src 'self'",
    "script-src 'self'",
    ["style-src 'self'", ...styleHashes].join(' '),
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ...frameAncestorsDirective(ancestors),
  ].join('; ');
}

export function securityHeaders(
  apiOrigin: string | null,
  styleHashes: string[] = [],
  ancestors: FrameAncestors = null,
): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Content-Security-Policy': contentSecurityPolicy(apiOrigin, styleHashes, ancestors),
    ...(ancestors === 'none' ? { 'X-Frame-Options': 'DENY' } : {}),
  };
}

/**
 * Adds the headers to every reply Fastify sends (onSend runs for errors and 404s too): framable
 * by `embedOrigins` (null: any site), /moderate by nobody.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  apiOrigin: string | null,
  styleHashes: string[] = [],
  embedOrigins: readonly string[] | null = null,
): void {
  const headers = securityHeaders(apiOrigin, styleHashes, embedOrigins);
  const moderate = securityHeaders(apiOrigin, styleHashes, 'none');
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(isModeratePath(request.raw.url ?? '/') ? moderate : headers);
    return payload;
  });
}
