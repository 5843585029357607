// School calendars and holidays (/dispute-resolution/calendars, DisputeResolution.stateuser; DR
// spec §4.10, §10). One API call each for the calendars and the holidays; the filters choose
// among what they return. The import posts the file (multipart, server/upload.ts) to the API,
// which applies it all or nothing: a rejected file re-renders the page (422) with its rows in
// error and a link to the error report; an imported one says what changed. Holidays are added
// and removed with plain forms.
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { HOLIDAY_KINDS, type HolidayKind } from '../../lib/calendar.js';
import { agencyToday, isIsoDay } from '../../lib/day.js';
import { routeById } from '../../lib/routes.js';
import { calendarText as t, documentText } from '../../lib/shared/messages.js';
import { formValues, validateForm, type FieldError } from '../../lib/validation/admin-org.js';
import { CalendarsPage, type CalendarsPageProps } from '../../views/pages/CalendarsPage.js';
import type { AppDeps } from '../deps.js';
import { downloadFromApi } from '../download.js';
import { notFound } from '../errors.js';
import { addFlash } from '../flash.js';
import { renderPage } from '../render.js';
import { requireRoute } from '../route-guard.js';
import { UpstreamError } from '../upstream.js';
import { apiUploadError, singleFileUpload, toMultipartFile, uploadOf } from '../upload.js';

const ROUTE = 'dr.calendars';
const BASE = '/dispute-resolution/calendars';
const API = '/api/disputeresolution';

const calendarList = z.object({
  items: z.array(
    z.object({
      leaId: z.number(),
      leaCode: z.string(),
      leaName: z.string(),
      schoolYear: z.string(),
      firstDay: z.string(),
      lastDay: z.string(),
      nonSchoolDays: z.array(z.string()),
      schoolDayCount: z.number(),
    }),
  ),
  totalCount: z.number(),
});
const holidayKind = z.enum(HOLIDAY_KINDS as [HolidayKind, ...HolidayKind[]]);
const holidayList = z.array(z.object({ date: z.string(), name: z.string(), kind: holidayKind }));
const importResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('imported'), importId: z.string(), calendarsCreated: z.number(), calendarsReplaced: z.number(), calendarsUnchanged: z.number() }),
  z.object({ status: z.literal('rejected'), importId: z.string(), errors: z.array(z.object({ line: z.number(), column: z.string(), message: z.string() })) }),
]);

const holidayFields = ['date', 'name', 'kind'] as const;
const holidaySchema = z.object({
  date: z.string({ error: t.validDate }).trim().refine((d) => isIsoDay(d), t.validDate),
  name: z.string({ error: t.holidayName }).trim().min(1, t.holidayName).max(100, t.holidayNameLength),
  kind: z.enum(HOLIDAY_KINDS as [HolidayKind, ...HolidayKind[]], { error: t.holidayKind }),
});
const pageQuery = z.object({
  lea: z.string().regex(/^\d{1,9}$/).optional().catch(undefined),
  schoolYear: z.string().regex(/^\d{4}-\d{4}$/).optional().catch(undefined),
  holidayYear: z.string().regex(/^\d{4}$/).optional().catch(undefined),
});

interface Extras {
  status?: number;
  errors?: FieldError[];
  importErrors?: CalendarsPageProps['importErrors'];
  holidayForm?: CalendarsPageProps['holidayForm'];
}

async function renderCalendars(req: Request, res: Response, extras: Extras = {}): Promise<void> {
  const query = pageQuery.parse(req.query);
  const [calendars, holidays] = await Promise.all([
    res.locals.api.call({ path: `${API}/calendars`, schema: calendarList }),
    res.locals.api.call({ path: `${API}/holidays`, schema: holidayList }),
  ]);
  const leaOptions = [...new Map(calendars.items.map((c) => [c.leaId, { id: c.leaId, name: c.leaName }])).values()];
  const yearOptions = [...new Set(calendars.items.map((c) => c.schoolYear))].sort();
  const holidayYears = [...new Set([...holidays.map((h) => h.date.slice(0, 4)), agencyToday().slice(0, 4)])].sort();
  const holidayYear = query.holidayYear ?? agencyToday().slice(0, 4);
  const errors = extras.errors ?? [];
  const route = routeById(ROUTE);
  renderPage(
    req,
    res,
    createElement(CalendarsPage, {
      title: route.menuLabel,
      calendars: calendars.items.filter((c) => (!query.lea || String(c.leaId) === query.lea) && (!query.schoolYear || c.schoolYear === query.schoolYear)),
      leaOptions,
      yearOptions,
      lea: query.lea ?? '',
      schoolYear: query.schoolYear ?? '',
      holidays: holidays.filter((h) => h.date.startsWith(`${holidayYear}-`)),
      holidayYears,
      holidayYear,
      importErrors: extras.importErrors ?? null,
      holidayForm: extras.holidayForm ?? { date: '', name: '', kind: '' },
      errors,
    }),
    { title: route.title, layout: 'shell', status: extras.status ?? (errors.length ? 422 : 200), errorsInTitle: errors.length > 0 },
  );
}

/** Back to the page, keeping where the user was (the holidays of the year just changed). */
const backTo = (holidayYear?: string) => (holidayYear ? `${BASE}?holidayYear=${holidayYear}#holidays` : BASE);

export function calendarsRouter(_deps: AppDeps): Router {
  const router = Router();
  router.use(BASE, requireRoute(ROUTE));

  router.get(BASE, async (req, res) => {
    await renderCalendars(req, res);
  });

  router.get(`${BASE}/template.csv`, async (_req, res) => {
    await downloadFromApi(res, { path: `${API}/calendars/template.csv` }, 'school-calendars-template.csv');
  });

  router.get(`${BASE}/imports/:id/errors.csv`, async (req, res) => {
    await downloadFromApi(res, { path: `${API}/calendars/imports/${encodeURIComponent(String(req.params.id))}/errors.csv` }, 'school-calendar-import-errors.csv');
  });

  router.post(`${BASE}/import`, singleFileUpload('file', { maxBytes: 5 * 1024 * 1024 }), async (req, res) => {
    const { file, error } = uploadOf(res);
    if (error || !file) return renderCalendars(req, res, { errors: [{ field: 'file', message: error ?? documentText.noFile }] });
    let result: z.infer<typeof importResult>;
    try {
      result = await res.locals.api.call({ method: 'POST', path: `${API}/calendars/import`, multipart: { files: [toMultipartFile(file)] }, schema: importResult });
    } catch (err) {
      const message = apiUploadError(err);
      if (message === null) throw err;
      return renderCalendars(req, res, { errors: [{ field: 'file', message }] });
    }
    if (result.status === 'rejected') {
      return renderCalendars(req, res, {
        errors: [{ field: 'import', message: t.importRejected(result.errors.length) }],
        importErrors: { rows: result.errors, reportHref: `${BASE}/imports/${encodeURIComponent(result.importId)}/errors.csv` },
      });
    }
    addFlash(req, { type: 'success', text: t.imported(result.calendarsCreated, result.calendarsReplaced, result.calendarsUnchanged) });
    res.redirect(303, BASE);
  });

  router.post(`${BASE}/holidays`, async (req, res) => {
    const result = validateForm(holidaySchema, req.body, holidayFields);
    const entered = formValues(holidaySchema, req.body);
    const holidayForm = { date: String(entered.date ?? ''), name: String(entered.name ?? ''), kind: String(entered.kind ?? '') };
    if (!result.ok) return renderCalendars(req, res, { errors: result.errors, holidayForm });
    try {
      await res.locals.api.call({ method: 'POST', path: `${API}/holidays`, json: result.data });
    } catch (err) {
      if (!(err instanceof UpstreamError && err.kind === 'http' && (err.status === 400 || err.status === 409))) throw err;
      const errors: FieldError[] = err.status === 409 ? [{ field: 'date', message: err.message }] : (err.body?.errors ?? [{ field: 'date', message: err.message }]);
      return renderCalendars(req, res, { errors, holidayForm });
    }
    addFlash(req, { type: 'success', text: t.holidayAdded(result.data.name, result.data.date) });
    res.redirect(303, backTo(result.data.date.slice(0, 4)));
  });

  router.post(`${BASE}/holidays/:date/delete`, async (req, res) => {
    const date = String(req.params.date);
    if (!isIsoDay(date)) throw notFound();
    try {
      const removed = await res.locals.api.call({ method: 'DELETE', path: `${API}/holidays/${date}`, schema: z.object({ name: z.string(), date: z.string() }) });
      addFlash(req, { type: 'success', text: t.holidayRemoved(removed.name, removed.date) });
    } catch (err) {
      if (!(err instanceof UpstreamError && err.kind === 'http' && err.status === 404)) throw err;
      addFlash(req, { type: 'error', text: t.holidayNotFound });
    }
    res.redirect(303, backTo(date.slice(0, 4)));
  });

  return router;
}
