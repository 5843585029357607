// Email Logs (/admin/email-logs, App.emaillogs.view): the API's log of outgoing email, filtered
// by recipient, subject, date range (whole days in the agency's time zone) and status, paged by
// the API; and one message's page, its body shown as escaped text.
import { Router } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { emailLogEntry } from '../../../lib/contract.js';
import { formatDateTime } from '../../../lib/dates.js';
import { adminOrgText as t } from '../../../lib/messages.js';
import { parseTableQuery, type TableConfig } from '../../../lib/table-query.js';
import { emailLogFilterFields, emailLogFilterSchema, emailLogQuery, formValues, validateForm } from '../../../lib/validation/admin-org.js';
import { EmailLogListPage } from '../../../views/pages/admin/EmailLogListPage.js';
import { EmailLogViewPage } from '../../../views/pages/admin/EmailLogViewPage.js';
import type { AppDeps } from '../../deps.js';
import { requireRoute } from '../../route-guard.js';
import { crumbsFor, pathId, readPaged, renderAdmin, titleFor } from './admin-org-shared.js';

const ROUTE = 'admin.email-logs';
const BASE = '/admin/email-logs';

/** The API orders the log newest first; the table offers no other order. */
export const emailLogTable: TableConfig = { sortable: [], pageSizes: [25, 50, 100, 'all'], defaultPageSize: 25 };
/** GET /api/emails answers at most this many per page. */
const API_MAX_PAGE_SIZE = 500;

// The API also says why a delivery failed.
const entry = emailLogEntry.extend({ error: z.string().nullable().optional() });
const pagedEntries = z.object({ items: z.array(entry), totalCount: z.number().int() });

export function adminEmailLogsRouter(deps: AppDeps): Router {
  const router = Router();
  router.use(BASE, requireRoute(ROUTE));
  const when = (iso: string) => formatDateTime(iso, deps.config.tz);

  router.get(BASE, async (req, res) => {
    const requested = parseTableQuery(req.query, emailLogTable);
    const result = validateForm(emailLogFilterSchema, req.query, emailLogFilterFields);
    const filter = result.ok ? result.data : formValues(emailLogFilterSchema, req.query);
    const keep = Object.fromEntries(emailLogFilterFields.flatMap((f) => (filter[f] ? [[f, filter[f]]] : [])));
    let rows = null;
    let total = 0;
    let state = requested;
    if (result.ok) {
      const query = emailLogQuery(result.data, deps.config.tz);
      const page = await readPaged(requested, API_MAX_PAGE_SIZE, (pageNumber, pageSize) =>
        res.locals.api.call({ path: '/api/emails', query: { ...query, pageNumber, pageSize }, schema: pagedEntries }),
      );
      rows = page.items.map((e) => ({ id: e.id, sentAt: when(e.sentAt), to: e.to, subject: e.subject, status: e.status }));
      total = page.total;
      state = page.state;
    }
    const errors = result.ok ? [] : result.errors;
    renderAdmin(req, res, createElement(EmailLogListPage, { filter, errors, rows, total, state, config: emailLogTable, keep }), {
      title: titleFor(ROUTE),
      breadcrumbs: crumbsFor(ROUTE),
      status: errors.length ? 422 : 200,
      errorsInTitle: errors.length > 0,
    });
  });

  router.get(`${BASE}/:id`, async (req, res) => {
    const email = await res.locals.api.call({ path: `/api/emails/${pathId(req.params.id)}`, schema: entry });
    const title = t.emailTitle(email.subject);
    renderAdmin(
      req,
      res,
      createElement(EmailLogViewPage, { title, email: { ...email, sentAt: when(email.sentAt), error: email.error ?? null } }),
      { title: titleFor(ROUTE, title), breadcrumbs: crumbsFor(ROUTE, [{ label: email.subject }]) },
    );
  });

  return router;
}
