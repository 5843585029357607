// The dispute resolution public API (DR spec §4.11, §12), behind the portal's Basic token
// (config.drPublicBasic), never a user's:
//   GET /api/disputeresolution/public/options               the four options compared
//   GET /api/disputeresolution/public/decisions             published redacted decisions
//   GET /api/disputeresolution/public/decisions/{docId}     one of them, as an attachment
// A decision is published when its document carries the Redacted decision tag (§14, NRS
// 388.465) on a closed due process or expedited due process case; nothing else is ever listed or
// handed out, and no student data leaves (the file is named after the case number).
import { createHash, timingSafeEqual } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { DOCUMENT_KINDS, getDocument } from '../shared/documents.js';
import { PUBLISHED_TYPES, REDACTED_DECISION, type DrPublicDecision, type DrPublicOption } from '../../lib/dr/documents.js';
import { NO_COST, OPTION_FACTS } from '../../lib/dr/public-text.js';
import { OPTION_TITLES, type RequestOption } from '../../lib/dr/request-rules.js';
import type { ApiContext } from '../context.js';
import { ApiError, notFound } from '../http.js';
import { LIMITS, limitClient } from '../rate-limits.js';
import { sendDocument } from '../shared/http-files.js';

const BASE = '/api/disputeresolution/public';
const CLOSED = 4;

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** HTTP Basic with config.drPublicBasic ("user:password"), compared in constant time; 401 otherwise. */
export function requireDrPublicBasic(ctx: ApiContext): RequestHandler {
  const expected = digest(ctx.config.drPublicBasic);
  return (req, res, next) => {
    const m = /^Basic ([A-Za-z0-9+/=]+)$/.exec(req.get('authorization') ?? '');
    const given = m ? Buffer.from(m[1]!, 'base64').toString('utf8') : '';
    if (!m || !timingSafeEqual(digest(given), expected)) {
      res.set('WWW-Authenticate', 'Basic realm="disputeresolution-public"');
      return next(new ApiError(401, 'Authentication is required.'));
    }
    next();
  };
}

export const publicOptions = (): DrPublicOption[] =>
  (Object.keys(OPTION_TITLES) as RequestOption[]).map((code) => ({ code, title: OPTION_TITLES[code], ...OPTION_FACTS[code], cost: NO_COST }));

const PUBLISHED = `FROM documents d JOIN dr_cases c ON d.module = 'dr' AND d.owner_type = 'case' AND d.owner_id = c.id::text
  LEFT JOIN leas l ON l.id = c.lea_id
  WHERE $1 = ANY(d.tags) AND c.dispute_type = ANY($2::smallint[]) AND c.status = ${CLOSED} AND NOT c.is_deleted AND c.case_number IS NOT NULL`;

export function drPublicRouter(ctx: ApiContext): Router {
  const router = Router();
  const db = ctx.db;
  const basic = requireDrPublicBasic(ctx);
  const limited: RequestHandler = async (req, res, next) => {
    await limitClient(ctx, req, res, LIMITS.drPublicPerClient);
    next();
  };

  router.get(`${BASE}/options`, basic, limited, (_req, res) => {
    res.json(publicOptions());
  });

  router.get(`${BASE}/decisions`, basic, limited, async (_req, res) => {
    const r = await db.query<{ id: string; school_year: string | null; case_number: string; lea_name: string | null; decision_date: string | null }>(
      `SELECT d.id::text AS id, c.school_year, c.case_number, l.name AS lea_name, to_char(c.decision_date, 'YYYY-MM-DD') AS decision_date
       ${PUBLISHED} ORDER BY c.decision_date DESC NULLS LAST, c.case_number, d.uploaded_at`,
      [REDACTED_DECISION, [...PUBLISHED_TYPES]],
    );
    const decisions: DrPublicDecision[] = r.rows.map((x) => ({ documentId: x.id, schoolYear: x.school_year, caseNumber: x.case_number, leaName: x.lea_name, decisionDate: x.decision_date }));
    res.json(decisions);
  });

  router.get(`${BASE}/decisions/:docId`, basic, limited, async (req, res) => {
    const doc = await getDocument(db, 'dr', String(req.params.docId));
    if (!doc || doc.ownerType !== 'case') throw notFound('No such decision.');
    const r = await db.query<{ case_number: string }>(`SELECT c.case_number ${PUBLISHED} AND d.id = $3`, [REDACTED_DECISION, [...PUBLISHED_TYPES], doc.id]);
    const published = r.rows[0];
    if (!published) throw notFound('No such decision.');
    sendDocument(res, { ...doc, fileName: `${published.case_number}-decision.${DOCUMENT_KINDS[doc.kind].extensions[0]}` });
  });

  return router;
}
