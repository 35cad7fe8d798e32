/**
 * A raw Realtime socket for the benchmarks (v2 wire, as realtime-js speaks it): joined to the
 * app's binding (every change of public.signatures), heartbeating every 25 s as supabase-js does
 * when asked, and telling each INSERT's id as it arrives.
 */
import WebSocket from 'ws';

const HEARTBEAT_MS = 25_000;

export interface RawChannel {
  close(): void;
}

/** Resolves once joined; `onInsert` hears each INSERT's row id (and a closed socket, `onClose`). */
export function joinRawChannel(
  url: string,
  key: string,
  {
    heartbeat,
    onInsert,
    onClose,
  }: { heartbeat: boolean; onInsert: (id: number) => void; onClose?: () => void },
): Promise<RawChannel> {
  const ws = new WebSocket(
    `${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${key}&vsn=2.0.0`,
  );
  let timer: NodeJS.Timeout | undefined;
  const close = () => {
    clearInterval(timer);
    ws.close();
  };
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    if (onClose) ws.on('close', onClose);
    ws.on('message', (data) => {
      type Payload = { data?: { type: string; record: { id: number } } };
      const frame = JSON.parse(String(data)) as [unknown, unknown, string, string, Payload];
      const change = frame[4].data;
      if (frame[3] === 'postgres_changes' && change?.type === 'INSERT') onInsert(change.record.id);
      else if (frame[3] === 'phx_reply' && frame[1] === '1') resolve({ close });
    });
    ws.once('open', () => {
      ws.send(
        JSON.stringify([
          '1',
          '1',
          'realtime:wall',
          'phx_join',
          { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'signatures' }] } },
        ]),
      );
      let ref = 1;
      if (heartbeat) {
        timer = setInterval(() => {
          if (ws.readyState === WebSocket.OPEN) {
            ws.send(JSON.stringify([null, String(++ref), 'phoenix', 'heartbeat', {}]));
          }
        }, HEARTBEAT_MS);
      }
    });
  });
}
