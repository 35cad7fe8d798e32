/**
 * Headers on every answer, API, static and errors alike: no MIME sniffing, a referrer policy, and a
 * Content-Security-Policy under which the app runs and nothing injected does.
 *
 * The policy allows what the built app needs: its own scripts and styles, images from data: and
 * blob: (the PNG export), and connections to its own origin plus, when the app was built for another
 * data API (hosted Supabase), that origin and its wss:// twin for Realtime. Framing is allowed on
 * purpose (people embed the wall in their pages): no frame-ancestors, no X-Frame-Options.
 *
 * Inline styles: the build inlines the welcome card's stylesheet into index.html (issue 22,
 * scripts/prerender-welcome.ts), and the policy allows exactly those blocks by their sha256,
 * computed from the built files when the server starts, so it follows every build and never
 * allows any other inline style ('unsafe-inline' never).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The HTML pages the build writes (server/http/static.ts serves them); each may hold <style>s. */
const BUILT_PAGES = ['index.html', 'index.shell.html'];

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

export function contentSecurityPolicy(
  apiOrigin: string | null,
  styleHashes: string[] = [],
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
  ].join('; ');
}

export function securityHeaders(
  apiOrigin: string | null,
  styleHashes: string[] = [],
): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Content-Security-Policy': contentSecurityPolicy(apiOrigin, styleHashes),
  };
}

/** Adds the headers to every reply Fastify sends (onSend runs for errors and 404s too). */
export function registerSecurityHeaders(
  app: FastifyInstance,
  apiOrigin: string | null,
  styleHashes: string[] = [],
): void {
  const headers = securityHeaders(apiOrigin, styleHashes);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(headers);
    return payload;
  });
}
