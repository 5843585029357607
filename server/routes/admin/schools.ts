// Manage Schools (/admin/manage-schools, App.schools.manage): a list sorted and paged by the API
// (pageNumber, pageSize, sortField, sortDirection, isOrderByParentField), and adding, editing
// and deleting a school. Plain forms: 422 with the messages, 303 with a flash.
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { lea as leaSchema, pagedSchools, school as schoolSchema } from '../../../lib/contract.js';
import { adminOrgText as t } from '../../../lib/messages.js';
import { keptParams, parseTableQuery, toApiPaging, type TableConfig } from '../../../lib/table-query.js';
import { formValues, schoolFields, schoolSchema as schoolFormSchema, validateForm, type FieldError, type SchoolForm } from '../../../lib/validation/admin-org.js';
import { SchoolEditPage } from '../../../views/pages/admin/SchoolEditPage.js';
import { SchoolListPage } from '../../../views/pages/admin/SchoolListPage.js';
import type { AppDeps } from '../../deps.js';
import { addFlash } from '../../flash.js';
import { requireRoute } from '../../route-guard.js';
import { crumbsFor, deleteRoutes, lastUpdatedText, pathId, readPaged, refusedFields, renderAdmin, titleFor } from './admin-org-shared.js';

const ROUTE = 'admin.manage-schools';
const BASE = '/admin/manage-schools';

export const schoolsTable: TableConfig = {
  sortable: ['name', 'leaName', 'ziplineAPISchoolId'],
  defaultSort: 'name',
  defaultDir: 'asc',
  pageSizes: [25, 50, 100, 'all'],
  defaultPageSize: 25,
};
/** GET /api/schools answers at most this many per page. */
const API_MAX_PAGE_SIZE = 1000;

const leaList = z.array(leaSchema);

type School = z.infer<typeof schoolSchema>;

async function leaChoices(res: Response): Promise<{ id: number; name: string }[]> {
  const leas = await res.locals.api.call({ path: '/api/leas/nousers', schema: leaList });
  return leas.map((l) => ({ id: l.id, name: l.name }));
}

async function loadSchool(res: Response, id: number): Promise<School> {
  return res.locals.api.call({ path: `/api/schools/${id}`, schema: schoolSchema });
}

async function renderForm(req: Request, res: Response, values: SchoolForm, errors: FieldError[], school?: School): Promise<void> {
  const [leas, lastUpdated] = await Promise.all([leaChoices(res), school ? lastUpdatedText(res, 'school', school.id) : Promise.resolve(null)]);
  const title = school ? t.editSchoolTitle(school.name) : t.newSchoolTitle;
  renderAdmin(
    req,
    res,
    createElement(SchoolEditPage, { title, values, errors, leas, school: school ? { id: school.id, name: school.name, lastUpdated } : undefined }),
    {
      title: titleFor(ROUTE, title),
      breadcrumbs: crumbsFor(ROUTE, [{ label: school ? school.name : t.newSchoolTitle }]),
      status: errors.length ? 422 : 200,
      errorsInTitle: errors.length > 0,
    },
  );
}

/** Validates a posted school against the LEAs the user may choose. */
async function validateSchool(req: Request, res: Response) {
  const leaIds = (await leaChoices(res)).map((l) => String(l.id));
  const schema = schoolFormSchema(leaIds);
  return { result: validateForm(schema, req.body, schoolFields), values: () => formValues(schema, req.body) };
}

function schoolBody(form: SchoolForm) {
  return { leaId: Number(form.leaId), name: form.name, ziplineAPISchoolId: form.ziplineAPISchoolId === '' ? null : form.ziplineAPISchoolId };
}

export function adminSchoolsRouter(_deps: AppDeps): Router {
  const router = Router();
  router.use(BASE, requireRoute(ROUTE));

  router.get(BASE, async (req, res) => {
    const requested = parseTableQuery(req.query, schoolsTable);
    const query = keptParams(req.query);
    const leas = await leaChoices(res);
    const leaId = typeof query.leaId === 'string' && leas.some((l) => String(l.id) === query.leaId) ? query.leaId : '';
    const byLea = query.byLea === 'on';
    const keep: Record<string, string> = { ...(leaId ? { leaId } : {}), ...(byLea ? { byLea: 'on' } : {}) };
    const { items, total, state } = await readPaged(requested, API_MAX_PAGE_SIZE, (pageNumber, pageSize) =>
      res.locals.api.call({
        path: '/api/schools',
        query: { ...toApiPaging(requested), pageNumber, pageSize, isOrderByParentField: byLea, leaId: leaId || undefined },
        schema: pagedSchools,
      }),
    );
    renderAdmin(
      req,
      res,
      createElement(SchoolListPage, {
        rows: items.map((s) => ({ id: s.id, name: s.name, leaName: s.leaName ?? '', ziplineAPISchoolId: s.ziplineAPISchoolId })),
        total,
        state,
        config: schoolsTable,
        filter: { leaId, byLea },
        leas,
        keep,
      }),
      { title: titleFor(ROUTE), breadcrumbs: crumbsFor(ROUTE) },
    );
  });

  router.get(`${BASE}/new`, async (req, res) => {
    await renderForm(req, res, { leaId: '', name: '', ziplineAPISchoolId: '' }, []);
  });

  router.post(`${BASE}/new`, async (req, res) => {
    const { result, values } = await validateSchool(req, res);
    if (!result.ok) return renderForm(req, res, values(), result.errors);
    try {
      const created = await res.locals.api.call({ method: 'POST', path: '/api/schools', json: schoolBody(result.data), schema: schoolSchema });
      addFlash(req, { type: 'success', text: t.schoolCreated(created.name) });
      res.redirect(303, BASE);
    } catch (err) {
      await renderForm(req, res, result.data, refusedFields(err, schoolFields));
    }
  });

  router.get(`${BASE}/:id`, async (req, res) => {
    const school = await loadSchool(res, pathId(req.params.id));
    await renderForm(req, res, { leaId: String(school.leaId), name: school.name, ziplineAPISchoolId: school.ziplineAPISchoolId ?? '' }, [], school);
  });

  router.post(`${BASE}/:id`, async (req, res) => {
    const school = await loadSchool(res, pathId(req.params.id));
    const { result, values } = await validateSchool(req, res);
    if (!result.ok) return renderForm(req, res, values(), result.errors, school);
    try {
      const saved = await res.locals.api.call({ method: 'PUT', path: '/api/schools', json: { id: school.id, ...schoolBody(result.data) }, schema: schoolSchema });
      addFlash(req, { type: 'success', text: t.schoolSaved(saved.name) });
      res.redirect(303, BASE);
    } catch (err) {
      await renderForm(req, res, result.data, refusedFields(err, schoolFields), school);
    }
  });

  deleteRoutes(router, `${BASE}/:id/delete`, async (req, res) => {
    const school = await loadSchool(res, pathId(req.params.id));
    const href = `${BASE}/${school.id}`;
    return {
      confirm: {
        routeId: ROUTE,
        title: t.deleteSchoolTitle(school.name),
        message: t.deleteQuestion(school.name),
        okLabel: t.delete,
        cancelHref: href,
        breadcrumbs: [{ label: school.name, href }, { label: t.delete }],
      },
      apiPath: `/api/schools/${school.id}`,
      done: t.schoolDeleted(school.name),
      doneHref: BASE,
    };
  });

  return router;
}
