/**
 * Tells the owner of each new report (REPORT_WEBHOOK_URL): after `report_signature` succeeded, the
 * report's signature, reason and note, how many reports it has now and whether that hid it, a link
 * to it on /moderate, and one human line (`text` for Slack and ntfy-style hooks, `content` for
 * Discord). Posted by http/webhook.ts in the background: the visitor's answer never waits for it.
 */
import type { Database } from '../db/types.ts';
import type { Webhook } from '../http/webhook.ts';
import type { RpcPlan } from '../rest/ast.ts';

export interface ReportEvent {
  signature_id: number;
  reason: string;
  note: string | null;
  report_count: number;
  hidden: boolean;
  link: string;
  text: string;
  content: string;
}

/**
 * A note or reason as it goes into the human line: Slack's control characters escaped (`<!channel>`
 * would ping everyone), and `@` broken by a zero-width space so Discord's @everyone pings nobody.
 */
function inert(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/@/g, '@\u200b')
    .replace(/[\r\n]+/g, ' ');
}

export function reportLine(event: Omit<ReportEvent, 'text' | 'content'>): string {
  const count = `${event.report_count} report${event.report_count === 1 ? '' : 's'}`;
  const hidden = event.hidden ? ', now hidden' : '';
  const note = event.note ? `: "${inert(event.note)}"` : '';
  return `Signature #${event.signature_id} reported as ${inert(event.reason)} (${count}${hidden})${note} ${event.link}`;
}

export class ReportHook {
  readonly #db: Database;
  readonly #webhook: Webhook;
  readonly #publicUrl: string;

  /** `publicUrl`: the wall's address (PUBLIC_URL), without a trailing slash; '' for a bare path. */
  constructor(db: Database, webhook: Webhook, publicUrl: string) {
    this.#db = db;
    this.#webhook = webhook;
    this.#publicUrl = publicUrl.replace(/\/+$/, '');
  }

  /** DataApi's onCall: posts an event for each successful report, ignores every other call. */
  readonly onCall = (plan: RpcPlan): void => {
    if (plan.function.name !== 'report_signature') return;
    const args = JSON.parse(plan.payload) as Record<string, unknown>;
    const id = Number(args.signature_id);
    if (!Number.isSafeInteger(id)) return;
    const reason = String(args.reason);
    const note = typeof args.note === 'string' && args.note !== '' ? args.note.slice(0, 200) : null;
    this.#webhook.post('report', () => this.#event(id, reason, note));
  };

  async #event(id: number, reason: string, note: string | null): Promise<ReportEvent> {
    // As the owner (no role): the API roles cannot read reports.
    const [row] = await this.#db.transaction((tx) =>
      tx.query<{ report_count: number; hidden: boolean | null }>(
        `select (select count(*)::int from signwall.reports r where r.signature_id = $1) as report_count,
                (select s.hidden from public.signatures s where s.id = $1) as hidden`,
        [id],
      ),
    );
    const base = {
      signature_id: id,
      reason,
      note,
      report_count: row?.report_count ?? 0,
      hidden: row?.hidden ?? false,
      link: `${this.#publicUrl}/moderate#id=${id}`,
    };
    const line = reportLine(base);
    return { ...base, text: line, content: line };
  }
}
