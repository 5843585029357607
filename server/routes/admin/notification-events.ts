// Manage Notification Events (/admin/manage-notification, App.notification.manage): the event
// types users subscribe to (add, edit, delete), and Send System Message, which queues a message
// (POST /api/event-notification/message/queue) to a role, an LEA or chosen users, or to every
// user (POST /api/event-notification/message/queue-all).
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { eventNotificationType, lea as leaSchema, role as roleSchema, user as userSchema, type EventNotificationType } from '../../../lib/contract.js';
import { adminOrgText as t } from '../../../lib/messages.js';
import {
  eventTypeBody,
  eventTypeFields,
  eventTypeSchema,
  formValues,
  queueMessageFields,
  queueMessageSchema,
  splitEmails,
  validateForm,
  type EventTypeForm,
  type FieldError,
  type QueueMessageForm,
} from '../../../lib/validation/admin-org.js';
import { formText } from '../../../lib/validation/auth.js';
import { NotificationEventEditPage } from '../../../views/pages/admin/NotificationEventEditPage.js';
import { NotificationEventListPage } from '../../../views/pages/admin/NotificationEventListPage.js';
import { NotificationEventMessagePage, NotificationMessageConfirm } from '../../../views/pages/admin/NotificationEventMessagePage.js';
import type { AppDeps } from '../../deps.js';
import { addFlash } from '../../flash.js';
import { requireRoute } from '../../route-guard.js';
import { UpstreamError } from '../../upstream.js';
import { crumbsFor, deleteRoutes, lastUpdatedText, pathId, refusedFields, renderAdmin, titleFor } from './admin-org-shared.js';

const ROUTE = 'admin.manage-notification';
const BASE = '/admin/manage-notification';

const typeSchema = eventTypeSchema(t.noChannel);
const queued = z.object({ queued: z.number().int() });

async function loadEvent(res: Response, id: number): Promise<EventNotificationType> {
  return res.locals.api.call({ path: `/api/event-notification/types/${id}`, schema: eventNotificationType });
}

async function renderEvent(req: Request, res: Response, values: EventTypeForm, errors: FieldError[], event?: EventNotificationType): Promise<void> {
  const title = event ? t.editEventTitle(event.name) : t.newEventTitle;
  const lastUpdated = event ? await lastUpdatedText(res, 'notification-event-type', event.id) : null;
  renderAdmin(
    req,
    res,
    createElement(NotificationEventEditPage, {
      title,
      values,
      errors,
      event: event ? { id: event.id, name: event.name, isBuiltIn: event.isBuiltIn, lastUpdated } : undefined,
    }),
    {
      title: titleFor(ROUTE, title),
      breadcrumbs: crumbsFor(ROUTE, [{ label: event ? event.name : t.newEventTitle }]),
      status: errors.length ? 422 : 200,
      errorsInTitle: errors.length > 0,
    },
  );
}

const eventValues = (e: EventNotificationType): EventTypeForm => ({
  name: e.name,
  description: e.description,
  module: e.module,
  supportedFrequency: e.supportedFrequency.map(String),
  isSupportsEmail: e.isSupportsEmail,
  isSupportsInApp: e.isSupportsInApp,
  isRequired: e.isRequired,
  hasLea: e.hasLea,
  hasSpecificDate: e.hasSpecificDate,
});

/** The roles and LEAs a message can go to; roles the user may not read are not offered. */
async function recipientChoices(res: Response): Promise<{ roles: string[]; leas: { id: number; name: string }[] }> {
  const roles = res.locals.api.call({ path: '/api/roles', schema: z.array(roleSchema) }).then(
    (list) => list.map((r) => r.name),
    (err: unknown) => {
      if (err instanceof UpstreamError && err.kind === 'http' && err.status === 403) return [];
      throw err;
    },
  );
  const leas = res.locals.api.call({ path: '/api/leas/nousers', schema: z.array(leaSchema) }).then((list) => list.map((l) => ({ id: l.id, name: l.name })));
  // Both awaited together: awaiting one after the other would leave the second's failure
  // unhandled when the first fails (an unhandled rejection ends the process).
  const [roleNames, leaChoices] = await Promise.all([roles, leas]);
  return { roles: roleNames, leas: leaChoices };
}

async function renderMessage(req: Request, res: Response, values: QueueMessageForm, errors: FieldError[]): Promise<void> {
  const { roles, leas } = await recipientChoices(res);
  renderAdmin(req, res, createElement(NotificationEventMessagePage, { values, errors, roles, leas }), {
    title: titleFor(ROUTE, t.sendMessage),
    breadcrumbs: crumbsFor(ROUTE, [{ label: t.sendMessage }]),
    status: errors.length ? 422 : 200,
    errorsInTitle: errors.length > 0,
  });
}

/** The ids of the users named by email; the addresses no user has, as a field error. */
async function userIdsOf(res: Response, emails: string[]): Promise<{ ids: string[]; error: FieldError | null }> {
  const ids: string[] = [];
  for (const email of emails) {
    try {
      const found = await res.locals.api.call({ path: `/api/account/users/username/${encodeURIComponent(email)}`, schema: userSchema });
      ids.push(found.id);
    } catch (err) {
      if (err instanceof UpstreamError && err.kind === 'http' && err.status === 404) return { ids, error: { field: 'userEmails', message: t.noSuchUser(email) } };
      throw err;
    }
  }
  return { ids, error: null };
}

export function adminNotificationEventsRouter(_deps: AppDeps): Router {
  const router = Router();
  router.use(BASE, requireRoute(ROUTE));

  router.get(BASE, async (req, res) => {
    const events = await res.locals.api.call({ path: '/api/event-notification/types', schema: z.array(eventNotificationType) });
    renderAdmin(req, res, createElement(NotificationEventListPage, { events }), { title: titleFor(ROUTE), breadcrumbs: crumbsFor(ROUTE) });
  });

  // ---- send a system message ----
  router.get(`${BASE}/message`, async (req, res) => {
    await renderMessage(req, res, { message: '', openUrl: '', recipients: '', roleName: '', leaId: '', userEmails: '' }, []);
  });

  router.post(`${BASE}/message`, async (req, res) => {
    const { roles, leas } = await recipientChoices(res);
    const schema = queueMessageSchema(roles, leas.map((l) => String(l.id)));
    const result = validateForm(schema, req.body, queueMessageFields);
    if (!result.ok) return renderMessage(req, res, formValues(schema, req.body), result.errors);
    const form = result.data;
    const message = { message: form.message, openUrl: form.openUrl === '' ? null : form.openUrl };
    let body: Record<string, unknown> = message;
    if (form.recipients === 'role') body = { ...message, roleName: form.roleName };
    if (form.recipients === 'lea') body = { ...message, leaId: Number(form.leaId) };
    if (form.recipients === 'users') {
      const { ids, error } = await userIdsOf(res, splitEmails(form.userEmails));
      if (error) return renderMessage(req, res, form, [error]);
      body = { ...message, userIds: ids };
    }
    const path = form.recipients === 'everyone' ? '/api/event-notification/message/queue-all' : '/api/event-notification/message/queue';
    const intent = formText(req.body, 'intent');
    if (intent === 'edit') return renderMessage(req, res, form, []);
    if (intent !== 'send') {
      // Asked first, with the number it reaches: a message to every user cannot go out by one slip.
      let count: number;
      try {
        count = (await res.locals.api.call({ method: 'POST', path, json: { ...body, dryRun: true }, schema: queued })).queued;
      } catch (err) {
        return renderMessage(req, res, form, refusedFields(err, queueMessageFields));
      }
      renderAdmin(req, res, createElement(NotificationMessageConfirm, { values: form, count }), {
        title: titleFor(ROUTE, t.confirmSendTitle),
        breadcrumbs: crumbsFor(ROUTE, [{ label: t.sendMessage }]),
      });
      return;
    }
    try {
      const sent = await res.locals.api.call({ method: 'POST', path, json: body, schema: queued });
      addFlash(req, { type: 'success', text: t.messageQueued(sent.queued) });
      res.redirect(303, BASE);
    } catch (err) {
      await renderMessage(req, res, form, refusedFields(err, queueMessageFields));
    }
  });

  // ---- event types ----
  router.get(`${BASE}/new`, async (req, res) => {
    await renderEvent(
      req,
      res,
      { name: '', description: '', module: 'App', supportedFrequency: ['1'], isSupportsEmail: true, isSupportsInApp: true, isRequired: false, hasLea: false, hasSpecificDate: false },
      [],
    );
  });

  router.post(`${BASE}/new`, async (req, res) => {
    const result = validateForm(typeSchema, req.body, eventTypeFields);
    if (!result.ok) return renderEvent(req, res, formValues(typeSchema, req.body, ['supportedFrequency']), result.errors);
    try {
      const created = await res.locals.api.call({ method: 'POST', path: '/api/event-notification/types', json: eventTypeBody(result.data), schema: eventNotificationType });
      addFlash(req, { type: 'success', text: t.eventCreated(created.name) });
      res.redirect(303, BASE);
    } catch (err) {
      await renderEvent(req, res, result.data, refusedFields(err, eventTypeFields, 'name'));
    }
  });

  router.get(`${BASE}/:id`, async (req, res) => {
    const event = await loadEvent(res, pathId(req.params.id));
    await renderEvent(req, res, eventValues(event), [], event);
  });

  router.post(`${BASE}/:id`, async (req, res) => {
    const event = await loadEvent(res, pathId(req.params.id));
    const result = validateForm(typeSchema, req.body, eventTypeFields);
    if (!result.ok) return renderEvent(req, res, formValues(typeSchema, req.body, ['supportedFrequency']), result.errors, event);
    try {
      const saved = await res.locals.api.call({
        method: 'PUT',
        path: `/api/event-notification/types/${event.id}`,
        json: eventTypeBody(result.data),
        schema: eventNotificationType,
      });
      addFlash(req, { type: 'success', text: t.eventSaved(saved.name) });
      res.redirect(303, BASE);
    } catch (err) {
      await renderEvent(req, res, result.data, refusedFields(err, eventTypeFields, 'name'), event);
    }
  });

  deleteRoutes(router, `${BASE}/:id/delete`, async (req, res) => {
    const event = await loadEvent(res, pathId(req.params.id));
    const href = `${BASE}/${event.id}`;
    return {
      confirm: {
        routeId: ROUTE,
        title: t.deleteEventTitle(event.name),
        message: t.deleteQuestion(event.name),
        okLabel: t.delete,
        cancelHref: href,
        breadcrumbs: [{ label: event.name, href }, { label: t.delete }],
      },
      apiPath: `/api/event-notification/types/${event.id}`,
      done: t.eventDeleted(event.name),
      doneHref: BASE,
      // Refused while users are subscribed, or for a built-in event: the API's message says which.
      refusedHref: href,
    };
  });

  return router;
}
