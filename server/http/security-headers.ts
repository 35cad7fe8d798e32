/**
 * Headers on every answer, API, static and errors alike: no MIME sniffing, a referrer policy, and a
 * Content-Security-Policy under which the app runs and nothing injected does.
 *
 * The policy allows what the built app needs: its own scripts and styles, images from data: and
 * blob: (the PNG export), and connections to its own origin plus, when the app was built for another
 * data API (hosted Supabase), that origin and its wss:// twin for Realtime. Framing is allowed on
 * purpose (people embed the wall in their pages): no frame-ancestors, no X-Frame-Options.
 */
import type { FastifyInstance } from 'fastify';

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

export function contentSecurityPolicy(apiOrigin: string | null): string {
  const connect = ["'self'"];
  if (apiOrigin) connect.push(apiOrigin, apiOrigin.replace(/^http/, 'ws'));
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
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

export function securityHeaders(apiOrigin: string | null): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Content-Security-Policy': contentSecurityPolicy(apiOrigin),
  };
}

/** Adds the headers to every reply Fastify sends (onSend runs for errors and 404s too). */
export function registerSecurityHeaders(app: FastifyInstance, apiOrigin: string | null): void {
  const headers = securityHeaders(apiOrigin);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(headers);
    return payload;
  });
}
