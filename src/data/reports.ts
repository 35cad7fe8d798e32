/**
 * Reporting a signature through the data API's `report_signature` function
 * (PostgREST RPC). The answer is told as what the visitor should hear of it, never as the
 * server's words.
 */
import type { ReportReason } from '../domain/reports.ts';
import { dataApi, type DataApi } from './client.ts';

export interface SignatureReport {
  readonly signatureId: number;
  readonly reason: ReportReason;
  readonly note: string | null;
}

/**
 * - `sent`: stored;
 * - `already-reported`: this address reported the signature before (PT409);
 * - `too-many`: over the hourly limit of reports from this address (PT429);
 * - `gone`: the signature is hidden or deleted (PT404);
 * - `failed`: anything else (logged).
 */
export type ReportOutcome = 'sent' | 'already-reported' | 'too-many' | 'gone' | 'failed';

export async function reportSignature(
  report: SignatureReport,
  api: DataApi = dataApi(),
): Promise<ReportOutcome> {
  const { error, status } = await api.rpc('report_signature', {
    signature_id: report.signatureId,
    reason: report.reason,
    note: report.note,
  });
  if (!error) return 'sent';
  if (error.code === 'PT409') return 'already-reported';
  if (error.code === 'PT429') return 'too-many';
  if (error.code === 'PT404') return 'gone';
  console.error(`Reporting signature #${report.signatureId} failed (${status}):`, error);
  return 'failed';
}
