/**
 * Phoenix channel messages as `@supabase/realtime-js` puts them on the wire, in both encodings it
 * may speak (lib/serializer.ts there; Supabase's Realtime protocol guide):
 *   vsn 1.0.0: a JSON object  {"join_ref", "ref", "topic", "event", "payload"}
 *   vsn 2.0.0: a JSON array   [join_ref, ref, topic, event, payload]
 * Version 2's binary frames carry client broadcasts only, which this server does not relay: a
 * binary frame is refused like any other frame that is not a message (decode answers undefined).
 */

export type Vsn = '1.0.0' | '2.0.0';
export const VSNS: readonly Vsn[] = ['1.0.0', '2.0.0'];

export interface Message {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

const refOrNull = (value: unknown): string | null | undefined =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : undefined;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The message in a text frame, or undefined when the frame is not one (garbage, wrong shape). */
export function decode(text: string, vsn: Vsn): Message | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  let fields: unknown[];
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) return undefined;
    fields = parsed;
  } else {
    if (!isRecord(parsed)) return undefined;
    fields = [parsed.join_ref, parsed.ref, parsed.topic, parsed.event, parsed.payload];
  }
  const [joinRef, ref, topic, event, payload] = fields;
  const join = refOrNull(joinRef);
  const own = refOrNull(ref);
  if (join === undefined || own === undefined) return undefined;
  if (typeof topic !== 'string' || typeof event !== 'string' || !isRecord(payload))
    return undefined;
  return { joinRef: join, ref: own, topic, event, payload };
}

/**
 * A frame for the client. `payloadJson` is the payload already serialized, so a change sent to many
 * subscribers is serialized once and only its small envelope per subscriber.
 */
export function encodeRaw(
  vsn: Vsn,
  joinRef: string | null,
  ref: string | null,
  topic: string,
  event: string,
  payloadJson: string,
): string {
  const j = JSON.stringify;
  if (vsn === '2.0.0') return `[${j(joinRef)},${j(ref)},${j(topic)},${j(event)},${payloadJson}]`;
  return `{"topic":${j(topic)},"event":${j(event)},"payload":${payloadJson},"ref":${j(ref)},"join_ref":${j(joinRef)}}`;
}

export function encode(vsn: Vsn, message: Message): string {
  return encodeRaw(
    vsn,
    message.joinRef,
    message.ref,
    message.topic,
    message.event,
    JSON.stringify(message.payload),
  );
}
