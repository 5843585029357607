// Notification settings (spec §2 Notification settings, §4 Subscription, §5, §8):
//   GET  /notification-settings                       the table, paged 25 / 50 / 100 on the server
//   GET  /notification-settings/:typeId               Manage Subscription as a page (no JavaScript)
//   POST /notification-settings/:typeId               save: 422 with the summary, or 303 + flash
//   GET  /notification-settings/:typeId/unsubscribe   'Unsubscribe from {name}?' as a page
//   POST /notification-settings/:typeId/unsubscribe   the same page, or with confirm=yes: unsubscribe
// With JavaScript the table's SubscriptionDialog island does the same through the /api proxy.
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { subscription as subscriptionSchema, type Subscription } from '../../lib/contract.js';
import { errorMessages, subscriptionText, uiText } from '../../lib/messages.js';
import { breadcrumbsFor } from '../../lib/navigation.js';
import {
  initialSubscriptionValues,
  toSaveRequest,
  validateSubscription,
  type SubscriptionFormValues,
} from '../../lib/subscription-rules.js';
import { subscriptionFormBody } from '../../lib/validation/subscription.js';
import { clampPage, paginate, parseTableQuery } from '../../lib/table-query.js';
import { canUnsubscribe, offersLeas, type LeaChoices } from '../../lib/subscription-rules.js';
import { ConfirmPage } from '../../views/components/ConfirmDialog.js';
import { ManageSubscriptionPage, type ManageSubscriptionPageProps } from '../../views/pages/ManageSubscriptionPage.js';
import {
  NOTIFICATION_SETTINGS_PATH,
  NotificationSettingsPage,
  SUBSCRIPTION_TABLE,
  unsubscribeHref,
} from '../../views/pages/NotificationSettingsPage.js';
import type { AppDeps } from '../deps.js';
import { notFound } from '../errors.js';
import { addFlash } from '../flash.js';
import { renderPage } from '../render.js';
import { requireRoute } from '../route-guard.js';
import { loadShellLists } from '../shell-context.js';
import { SessionExpiredError, UpstreamError } from '../upstream.js';

const ROUTE_ID = 'notification-settings';
const SUBSCRIPTIONS_PATH = '/api/event-notification/subscriptions/user';
const typeParam = z.object({ typeId: z.string().regex(/^[1-9][0-9]{0,9}$/).transform(Number) });
const confirmBody = z.object({ confirm: z.literal('yes') });

function loadSubscriptions(res: Response): Promise<Subscription[]> {
  return res.locals.api.call({ path: SUBSCRIPTIONS_PATH, schema: z.array(subscriptionSchema) });
}

/** The caller's subscription to one event type, or a 404 page. */
async function loadOne(req: Request, res: Response): Promise<Subscription> {
  const params = typeParam.safeParse(req.params);
  if (!params.success) throw notFound();
  const found = (await loadSubscriptions(res)).find((s) => s.eventNotificationTypeId === params.data.typeId);
  if (!found) throw notFound();
  return found;
}

/** The LEAs the form offers (the session's cached GET /api/leas/users). */
async function leaChoices(req: Request, res: Response, sub: Subscription): Promise<LeaChoices> {
  if (!offersLeas(sub)) return { state: 'ready', leas: [] };
  try {
    const lists = await loadShellLists(req, res);
    return { state: 'ready', leas: lists.leas.map((l) => ({ id: l.id, name: l.name })) };
  } catch (err) {
    if (err instanceof SessionExpiredError) throw err;
    req.log?.warn({ err }, 'LEAs for the subscription form unavailable');
    return { state: 'error' };
  }
}

function renderForm(req: Request, res: Response, props: ManageSubscriptionPageProps, status = 200): void {
  const invalid = props.errors.length > 0 || Boolean(props.saveFailed);
  renderPage(req, res, createElement(ManageSubscriptionPage, props), {
    title: subscriptionText.manageSubscriptionFor(props.subscription.name),
    status,
    errorsInTitle: invalid,
    breadcrumbs: breadcrumbsFor(NOTIFICATION_SETTINGS_PATH, [{ label: uiText.manageSubscription }]),
  });
}

function renderConfirm(req: Request, res: Response, sub: Subscription): void {
  const action = unsubscribeHref(sub.eventNotificationTypeId);
  const page = createElement(ConfirmPage, {
    message: uiText.unsubscribeFrom(sub.name),
    okLabel: uiText.unsubscribe,
    cancelLabel: uiText.cancel,
    action,
    fields: { confirm: 'yes' },
    cancelHref: NOTIFICATION_SETTINGS_PATH,
  });
  renderPage(req, res, page, {
    title: subscriptionText.unsubscribeNamed(sub.name),
    breadcrumbs: breadcrumbsFor(NOTIFICATION_SETTINGS_PATH, [{ label: uiText.unsubscribe }]),
  });
}

export function notificationSettingsRouter(_deps: AppDeps): Router {
  const router = Router();
  const guard = requireRoute(ROUTE_ID);

  router.get(NOTIFICATION_SETTINGS_PATH, guard, async (req, res) => {
    let all: Subscription[] = [];
    let loadFailed = false;
    try {
      all = await loadSubscriptions(res);
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      // Spec §8: a load failure is only logged; the page says plainly that the list is missing.
      req.log?.error({ err }, 'notification subscriptions could not be loaded');
      loadFailed = true;
    }
    const state = clampPage(parseTableQuery(req.query, SUBSCRIPTION_TABLE), all.length);
    const page = createElement(NotificationSettingsPage, { rows: paginate(all, state), total: all.length, state, loadFailed });
    renderPage(req, res, page, { title: uiText.notificationSubscription });
  });

  router.get(`${NOTIFICATION_SETTINGS_PATH}/:typeId`, guard, async (req, res) => {
    const sub = await loadOne(req, res);
    const leas = await leaChoices(req, res, sub);
    renderForm(req, res, { subscription: sub, values: initialSubscriptionValues(sub), leas, errors: [] });
  });

  router.post(`${NOTIFICATION_SETTINGS_PATH}/:typeId`, guard, async (req, res) => {
    const sub = await loadOne(req, res);
    const leas = await leaChoices(req, res, sub);
    // The schema never fails: bad values become values the rules refuse below.
    // A body that is not an object (a JSON array) is a form with every field empty.
    const body: unknown = req.body;
    const values: SubscriptionFormValues = subscriptionFormBody.parse(typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {});
    const offered = leas.state === 'ready' ? leas.leas.map((l) => l.id) : undefined;
    const errors = validateSubscription(sub, values, offered);
    if (errors.length > 0) {
      renderForm(req, res, { subscription: sub, values, leas, errors }, 422);
      return;
    }
    try {
      await res.locals.api.call({ method: 'POST', path: '/api/event-notification/subscriptions', json: toSaveRequest(sub, values), schema: subscriptionSchema });
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      // Spec §8: 'Error updating subscription'; the form keeps what was entered.
      req.log?.warn({ err, typeId: sub.eventNotificationTypeId }, 'subscription save failed');
      // Refused input is the user's to fix (422); an API that is down or failing is ours (502).
      const status = err.kind === 'http' && err.status >= 400 && err.status < 500 ? 422 : 502;
      renderForm(req, res, { subscription: sub, values, leas, errors: [], saveFailed: true }, status);
      return;
    }
    addFlash(req, { type: 'success', text: errorMessages.subscriptionUpdated });
    res.redirect(303, NOTIFICATION_SETTINGS_PATH);
  });

  router.get(`${NOTIFICATION_SETTINGS_PATH}/:typeId/unsubscribe`, guard, async (req, res) => {
    const sub = await loadOne(req, res);
    if (!canUnsubscribe(sub)) {
      res.redirect(303, NOTIFICATION_SETTINGS_PATH);
      return;
    }
    renderConfirm(req, res, sub);
  });

  router.post(`${NOTIFICATION_SETTINGS_PATH}/:typeId/unsubscribe`, guard, async (req, res) => {
    const sub = await loadOne(req, res);
    const subscriptionId = sub.eventNotificationSubscriptionId;
    if (!canUnsubscribe(sub) || subscriptionId === null) {
      // Nothing to do (already unsubscribed, or required): back to the table.
      res.redirect(303, NOTIFICATION_SETTINGS_PATH);
      return;
    }
    if (!confirmBody.safeParse(req.body ?? {}).success) {
      renderConfirm(req, res, sub);
      return;
    }
    try {
      await res.locals.api.call({ method: 'DELETE', path: `/api/event-notification/subscriptions/unsubscribe/${subscriptionId}` });
      addFlash(req, { type: 'success', text: errorMessages.subscriptionUpdated });
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      req.log?.warn({ err, typeId: sub.eventNotificationTypeId }, 'unsubscribe failed');
      addFlash(req, { type: 'error', text: errorMessages.subscriptionError });
    }
    res.redirect(303, NOTIFICATION_SETTINGS_PATH);
  });

  return router;
}
