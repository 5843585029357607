// Manage LEAs (/admin/manage-leas, App.leas.manage): the Districts and Charters, adding, editing
// and deleting an LEA, its school years, its contacts and its users, and the school years
// themselves. Every form is a plain POST: 422 with the messages on a bad one, 303 with a flash
// on success. The API records each change (who, when) in its audit log.
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { adminSchoolYear, lea as leaSchema, leaContact, user as userSchema, type Lea } from '../../../lib/contract.js';
import { adminOrgText as t } from '../../../lib/messages.js';
import { isInCharterGroup } from '../../../lib/lea-selection.js';
import { invalidateShellLists } from '../../shell-context.js';
import {
  contactFields,
  contactSchema,
  formValues,
  leaBody,
  leaFields,
  leaSchema as leaFormSchema,
  leaYearsSchema,
  schoolYearFields,
  schoolYearSchema,
  validateForm,
  type ContactForm,
  type FieldError,
  type LeaForm,
} from '../../../lib/validation/admin-org.js';
import { LeaContactPage } from '../../../views/pages/admin/LeaContactPage.js';
import { LeaEditPage, type LeaEditExtras } from '../../../views/pages/admin/LeaEditPage.js';
import { LeaListPage, type LeaRow } from '../../../views/pages/admin/LeaListPage.js';
import { LeaSchoolYearsPage } from '../../../views/pages/admin/LeaSchoolYearsPage.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { addFlash } from '../../flash.js';
import { requireRoute } from '../../route-guard.js';
import { UpstreamError } from '../../upstream.js';
import { crumbsFor, deleteRoutes, isConflict, lastUpdatedText, pathId, refusedFields, renderAdmin, titleFor } from './admin-org-shared.js';

const ROUTE = 'admin.manage-leas';
const BASE = '/admin/manage-leas';

const leaList = z.array(leaSchema);
const yearList = z.array(adminSchoolYear);
const userList = z.array(userSchema);

function toRow(l: Lea): LeaRow {
  return { id: l.id, name: l.name, leaCode: l.leaCode, city: l.city, county: l.county, users: l.userLeas?.length ?? 0, contacts: l.leaContacts?.length ?? 0 };
}

function formOf(l: Lea): LeaForm {
  return {
    name: l.name,
    leaCode: l.leaCode,
    leaType: l.leaType ?? 'District',
    contactEmail: l.contactEmail ?? '',
    streetAddress: l.streetAddress ?? '',
    city: l.city ?? '',
    county: l.county ?? '',
    zip: l.zip ?? '',
    ziplineAPIDistrictId: l.ziplineAPIDistrictId ?? '',
    isIncludedInCharterGroup: l.isIncludedInCharterGroup,
    isNdeLevelDistrict: l.isNdeLevelDistrict,
    isStateSponsoredCharterAuthority: l.isStateSponsoredCharterAuthority,
  };
}

const emptyLea: LeaForm = formOf({
  id: 0,
  name: '',
  leaCode: '',
  leaType: 'District',
  contactEmail: null,
  leaYears: [],
  ziplineAPIDistrictId: null,
  streetAddress: null,
  city: null,
  zip: null,
  county: null,
  isIncludedInCharterGroup: false,
  isNdeLevelDistrict: false,
  isStateSponsoredCharterAuthority: false,
});

async function loadLea(res: Response, id: number): Promise<Lea> {
  return res.locals.api.call({ path: `/api/leas/${id}`, schema: leaSchema });
}

/** The LEA's users, or null when the user may not see them (403). */
async function loadUsers(res: Response, id: number): Promise<LeaEditExtras['users']> {
  try {
    const users = await res.locals.api.call({ path: `/api/leas/${id}/users`, schema: userList });
    return users.map((u) => ({ id: u.id, fullName: u.fullName, email: u.email, roles: u.roles, isEnabled: u.isEnabled }));
  } catch (err) {
    if (err instanceof UpstreamError && err.kind === 'http' && err.status === 403) return null;
    throw err;
  }
}

async function editExtras(res: Response, lea: Lea): Promise<LeaEditExtras> {
  const [years, users, lastUpdated] = await Promise.all([
    res.locals.api.call({ path: '/api/school-years', schema: yearList }),
    loadUsers(res, lea.id),
    lastUpdatedText(res, 'lea', lea.id),
  ]);
  return {
    id: lea.id,
    name: lea.name,
    years: years.map((y) => ({ key: y.key, label: y.label })),
    leaYears: lea.leaYears.map((y) => y.name),
    contacts: (lea.leaContacts ?? []).map((c) => ({ id: c.id, name: c.name, title: c.title, email: c.email, phone: c.phone })),
    users,
    lastUpdated,
  };
}

function renderLeaForm(req: Request, res: Response, values: LeaForm, errors: FieldError[], lea?: LeaEditExtras): void {
  const title = lea ? t.editLeaTitle(lea.name) : t.newLeaTitle;
  renderAdmin(req, res, createElement(LeaEditPage, { title, values, errors, lea }), {
    title: titleFor(ROUTE, title),
    breadcrumbs: crumbsFor(ROUTE, [{ label: lea ? lea.name : t.newLeaTitle }]),
    status: errors.length ? 422 : 200,
    errorsInTitle: errors.length > 0,
  });
}

function renderContactForm(req: Request, res: Response, lea: Lea, values: ContactForm, errors: FieldError[], contactId?: number): void {
  const title = contactId === undefined ? t.newContactTitle(lea.name) : t.editContactTitle(values.name);
  renderAdmin(req, res, createElement(LeaContactPage, { title, leaId: lea.id, leaName: lea.name, contactId, values, errors }), {
    title: titleFor(ROUTE, title),
    breadcrumbs: crumbsFor(ROUTE, [{ label: lea.name, href: `${BASE}/${lea.id}` }, { label: contactId === undefined ? t.addContact : values.name }]),
    status: errors.length ? 422 : 200,
    errorsInTitle: errors.length > 0,
  });
}

async function renderYears(req: Request, res: Response, values: { key: string; label: string }, errors: FieldError[]): Promise<void> {
  const years = await res.locals.api.call({ path: '/api/school-years', schema: yearList });
  renderAdmin(req, res, createElement(LeaSchoolYearsPage, { years, values, errors }), {
    title: titleFor(ROUTE, t.schoolYearsTitle),
    breadcrumbs: crumbsFor(ROUTE, [{ label: t.schoolYearsTitle }]),
    status: errors.length ? 422 : 200,
    errorsInTitle: errors.length > 0,
  });
}

function contactOf(lea: Lea, contactId: number) {
  const contact = lea.leaContacts?.find((c) => c.id === contactId);
  if (!contact) throw notFound();
  return contact;
}

export function adminLeasRouter(_deps: AppDeps): Router {
  const router = Router();
  router.use(BASE, requireRoute(ROUTE));
  // A saved LEA change reaches every session's top-bar selector on its next page.
  router.use(BASE, (req, res, next) => {
    if (req.method === 'POST') {
      res.on('finish', () => {
        if (res.statusCode !== 303) return;
        invalidateShellLists(res.locals.deps).catch((err: unknown) => res.locals.deps.log.warn({ err }, 'shell lists invalidation failed'));
      });
    }
    next();
  });

  router.get(BASE, async (req, res) => {
    const leas = await res.locals.api.call({ path: '/api/leas/users', schema: leaList });
    const rows = leas.map((l) => ({ lea: l, row: toRow(l) }));
    renderAdmin(
      req,
      res,
      createElement(LeaListPage, {
        districts: rows.filter((r) => !isInCharterGroup(r.lea)).map((r) => r.row),
        charters: rows.filter((r) => isInCharterGroup(r.lea)).map((r) => r.row),
      }),
      { title: titleFor(ROUTE), breadcrumbs: crumbsFor(ROUTE) },
    );
  });

  // ---- add an LEA ----
  router.get(`${BASE}/new`, (req, res) => {
    renderLeaForm(req, res, emptyLea, []);
  });

  router.post(`${BASE}/new`, async (req, res) => {
    const result = validateForm(leaFormSchema, req.body, leaFields);
    if (!result.ok) return renderLeaForm(req, res, formValues(leaFormSchema, req.body), result.errors);
    try {
      const created = await res.locals.api.call({ method: 'POST', path: '/api/leas', json: leaBody(result.data), schema: leaSchema });
      addFlash(req, { type: 'success', text: t.leaCreated(created.name) });
      res.redirect(303, `${BASE}/${created.id}`);
    } catch (err) {
      renderLeaForm(req, res, result.data, refusedFields(err, leaFields, 'leaCode'));
    }
  });

  // ---- school years ----
  router.get(`${BASE}/school-years`, async (req, res) => {
    await renderYears(req, res, { key: '', label: '' }, []);
  });

  router.post(`${BASE}/school-years`, async (req, res) => {
    const result = validateForm(schoolYearSchema, req.body, schoolYearFields);
    if (!result.ok) return renderYears(req, res, formValues(schoolYearSchema, req.body), result.errors);
    try {
      const body = { key: result.data.key, ...(result.data.label ? { label: result.data.label } : {}) };
      await res.locals.api.call({ method: 'POST', path: '/api/school-years', json: body, schema: adminSchoolYear });
      addFlash(req, { type: 'success', text: t.yearAdded(result.data.key) });
      res.redirect(303, `${BASE}/school-years`);
    } catch (err) {
      await renderYears(req, res, result.data, refusedFields(err, schoolYearFields, 'key'));
    }
  });

  router.post(`${BASE}/school-years/current`, async (req, res) => {
    const key = typeof req.body?.key === 'string' ? req.body.key : '';
    try {
      await res.locals.api.call({ method: 'PUT', path: '/api/school-years/current', json: { key }, schema: adminSchoolYear });
      addFlash(req, { type: 'success', text: t.yearMadeCurrent(key) });
    } catch (err) {
      if (!isConflict(err)) throw err;
      addFlash(req, { type: 'error', text: err.body?.errors?.[0]?.message ?? err.message });
    }
    res.redirect(303, `${BASE}/school-years`);
  });

  // ---- one LEA ----
  router.get(`${BASE}/:id`, async (req, res) => {
    const lea = await loadLea(res, pathId(req.params.id));
    renderLeaForm(req, res, formOf(lea), [], await editExtras(res, lea));
  });

  router.post(`${BASE}/:id`, async (req, res) => {
    const lea = await loadLea(res, pathId(req.params.id));
    const result = validateForm(leaFormSchema, req.body, leaFields);
    if (!result.ok) return renderLeaForm(req, res, formValues(leaFormSchema, req.body), result.errors, await editExtras(res, lea));
    try {
      const saved = await res.locals.api.call({ method: 'PUT', path: '/api/leas', json: { id: lea.id, ...leaBody(result.data) }, schema: leaSchema });
      addFlash(req, { type: 'success', text: t.leaSaved(saved.name) });
      res.redirect(303, BASE);
    } catch (err) {
      renderLeaForm(req, res, result.data, refusedFields(err, leaFields, 'leaCode'), await editExtras(res, lea));
    }
  });

  deleteRoutes(router, `${BASE}/:id/delete`, async (req, res) => {
    const lea = await loadLea(res, pathId(req.params.id));
    const href = `${BASE}/${lea.id}`;
    return {
      confirm: {
        routeId: ROUTE,
        title: t.deleteLeaTitle(lea.name),
        message: t.deleteQuestion(lea.name),
        okLabel: t.delete,
        cancelHref: href,
        breadcrumbs: [{ label: lea.name, href }, { label: t.delete }],
      },
      apiPath: `/api/leas/${lea.id}`,
      done: t.leaDeleted(lea.name),
      doneHref: BASE,
      // The API refuses while users belong to the LEA: its message says so.
      refusedHref: href,
    };
  });

  router.post(`${BASE}/:id/years`, async (req, res) => {
    const lea = await loadLea(res, pathId(req.params.id));
    const offered = (await res.locals.api.call({ path: '/api/school-years', schema: yearList })).map((y) => y.key);
    const result = validateForm(leaYearsSchema(offered), req.body, ['years']);
    if (!result.ok) {
      addFlash(req, { type: 'error', text: result.errors[0]?.message ?? t.leaSchoolYears });
    } else {
      await res.locals.api.call({ method: 'PUT', path: `/api/leas/${lea.id}/years`, json: { years: result.data.years }, schema: leaSchema });
      addFlash(req, { type: 'success', text: t.leaYearsSaved(lea.name) });
    }
    res.redirect(303, `${BASE}/${lea.id}`);
  });

  // ---- contacts ----
  router.get(`${BASE}/:id/contacts/new`, async (req, res) => {
    const lea = await loadLea(res, pathId(req.params.id));
    renderContactForm(req, res, lea, { name: '', email: '', phone: '', title: '' }, []);
  });

  router.post(`${BASE}/:id/contacts/new`, async (req, res) => {
    const lea = await loadLea(res, pathId(req.params.id));
    const result = validateForm(contactSchema, req.body, contactFields);
    if (!result.ok) return renderContactForm(req, res, lea, formValues(contactSchema, req.body), result.errors);
    try {
      const added = await res.locals.api.call({ method: 'POST', path: `/api/leas/${lea.id}/contacts`, json: result.data, schema: leaContact });
      addFlash(req, { type: 'success', text: t.contactAdded(added.name) });
      res.redirect(303, `${BASE}/${lea.id}`);
    } catch (err) {
      renderContactForm(req, res, lea, result.data, refusedFields(err, contactFields));
    }
  });

  router.get(`${BASE}/:id/contacts/:contactId`, async (req, res) => {
    const lea = await loadLea(res, pathId(req.params.id));
    const contact = contactOf(lea, pathId(req.params.contactId));
    renderContactForm(req, res, lea, { name: contact.name, email: contact.email, phone: contact.phone, title: contact.title }, [], contact.id);
  });

  router.post(`${BASE}/:id/contacts/:contactId`, async (req, res) => {
    const lea = await loadLea(res, pathId(req.params.id));
    const contact = contactOf(lea, pathId(req.params.contactId));
    const result = validateForm(contactSchema, req.body, contactFields);
    if (!result.ok) return renderContactForm(req, res, lea, formValues(contactSchema, req.body), result.errors, contact.id);
    try {
      const saved = await res.locals.api.call({ method: 'PUT', path: `/api/leas/${lea.id}/contacts/${contact.id}`, json: result.data, schema: leaContact });
      addFlash(req, { type: 'success', text: t.contactSaved(saved.name) });
      res.redirect(303, `${BASE}/${lea.id}`);
    } catch (err) {
      renderContactForm(req, res, lea, result.data, refusedFields(err, contactFields), contact.id);
    }
  });

  deleteRoutes(router, `${BASE}/:id/contacts/:contactId/delete`, async (req, res) => {
    const lea = await loadLea(res, pathId(req.params.id));
    const contact = contactOf(lea, pathId(req.params.contactId));
    const leaHref = `${BASE}/${lea.id}`;
    const href = `${leaHref}/contacts/${contact.id}`;
    return {
      confirm: {
        routeId: ROUTE,
        title: t.removeContactTitle(contact.name),
        message: t.removeContactQuestion(contact.name, lea.name),
        okLabel: t.remove,
        cancelHref: href,
        breadcrumbs: [{ label: lea.name, href: leaHref }, { label: contact.name, href }, { label: t.remove }],
      },
      apiPath: `/api/leas/${lea.id}/contacts/${contact.id}`,
      done: t.contactRemoved(contact.name),
      doneHref: leaHref,
    };
  });

  return router;
}
