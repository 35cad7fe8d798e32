/**
 * A `fetch` whose connections leave from a chosen local address (Node's own fetch cannot choose
 * one), so a test can be several clients at once: the server sees 127.0.0.2, 127.0.0.3 … (all of
 * 127/8 is loopback) and counts, limits and schedules each apart. Keep-alive sockets, at most
 * `maxSockets` at a time, as a browser or a script would hold. No Accept-Encoding is sent, so
 * bodies come back as they are. A socket the server cuts rejects the promise (ECONNRESET …), as
 * fetch does.
 */
import { Agent, request, type IncomingHttpHeaders } from 'node:http';

export interface AddressedFetch {
  fetch: typeof fetch;
  /** Closes the kept-alive sockets. */
  close(): void;
}

/** Statuses whose response has no body (Response refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

function responseHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

export function fetchFrom(localAddress: string, maxSockets = 6): AddressedFetch {
  const agent = new Agent({ keepAlive: true, maxSockets, localAddress });
  const addressed = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init);
    const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    req.headers.forEach((value, name) => (headers[name] = value));
    if (body) headers['content-length'] = String(body.length);
    return new Promise<Response>((resolve, reject) => {
      const outgoing = request(
        req.url,
        { method: req.method, headers, agent, localAddress },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const status = incoming.statusCode ?? 0;
            resolve(
              new Response(NO_BODY.has(status) ? null : Buffer.concat(chunks), {
                status,
                statusText: incoming.statusMessage,
                headers: responseHeaders(incoming.headers),
              }),
            );
          });
        },
      );
      outgoing.on('error', reject);
      req.signal.addEventListener('abort', () => outgoing.destroy(new Error('aborted')));
      outgoing.end(body);
    });
  };
  return { fetch: addressed as typeof fetch, close: () => agent.destroy() };
}
