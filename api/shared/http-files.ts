// Files leaving the agency API, the same for every module: a report's CSV is the same call as its
// table with `?format=csv` (a screen and its CSV never disagree), every export is written to the
// audit log (who, which report, which filters, how many rows: MODULES.md "Who sees what"), and
// stored documents leave only as attachments the browser will not sniff or show inline.
import type { Request, Response } from 'express';
import { recordAudit } from '../audit.js';
import type { AuthContext } from '../auth-middleware.js';
import type { Queryable } from '../db.js';

/** A file to hand to the caller: stored documents and generated files alike. */
export interface DownloadableFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** True when the caller asked for the CSV of a report (`?format=csv`). */
export function wantsCsv(req: Request): boolean {
  const format = req.query.format;
  return typeof format === 'string' && format.toLowerCase() === 'csv';
}

/**
 * Headers every download carries: an attachment (never rendered inline), no type sniffing, no
 * caching of what may be personal data, and a sandbox in case a browser renders it anyway.
 */
function attachmentHeaders(res: Response, fileName: string, contentType: string, length: number): void {
  res.attachment(fileName);
  res.set({
    'Content-Type': contentType,
    'Content-Length': String(length),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
}

/** Sends CSV text (lib/csv.ts toCsv) as a UTF-8 attachment. */
export function sendCsv(res: Response, fileName: string, text: string): void {
  const body = Buffer.from(text, 'utf8');
  attachmentHeaders(res, fileName, 'text/csv; charset=utf-8', body.length);
  res.status(200).end(body);
}

/** Sends a stored document (api/shared/documents.ts) or any generated file as an attachment. */
export function sendDocument(res: Response, doc: DownloadableFile): void {
  attachmentHeaders(res, doc.fileName, doc.contentType, doc.content.length);
  res.status(200).end(doc.content);
}

export interface ExportAudit {
  /** The module's code name: dr, eco, rai, pso, monitoring. */
  module: string;
  /** The report's name, e.g. 'table7', 'summary', 'state-tracking'. */
  report: string;
  /** The filters the export was made with, as the caller sent them (school year, LEA...). */
  filters: Record<string, unknown>;
  rowCount: number;
}

/** One audit entry per export: action 'report.export', entity `<module>/<report>`. */
export async function auditExport(q: Queryable, auth: Pick<AuthContext, 'userId'>, e: ExportAudit): Promise<void> {
  await recordAudit(q, {
    actor: auth.userId,
    action: 'report.export',
    entityType: 'report',
    entityId: `${e.module}/${e.report}`,
    changes: { filters: { to: e.filters }, rowCount: { to: e.rowCount } },
  });
}

export interface PiiViewAudit {
  module: string;
  /** What was viewed: 'case', 'incident', 'child'... */
  entityType: string;
  entityId: string | number;
}

/** One audit entry per view of a record's personal data: action '<module>.pii-view'. */
export async function auditPiiView(q: Queryable, auth: Pick<AuthContext, 'userId'>, v: PiiViewAudit): Promise<void> {
  await recordAudit(q, { actor: auth.userId, action: `${v.module}.pii-view`, entityType: v.entityType, entityId: v.entityId });
}
