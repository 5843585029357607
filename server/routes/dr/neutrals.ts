// The neutral roster (/dispute-resolution/neutrals, DR spec §4.9; state staff): the roster from
// GET /api/disputeresolution/neutrals, and each row's settings saved with PUT .../neutrals/{userId}
// (303 back, or 422 with the row's errors and what was typed).
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { drText as t } from '../../../lib/dr/page-text.js';
import { breadcrumbsFor } from '../../../lib/navigation.js';
import { DrNeutralsPage, NEUTRALS_PATH, type DrNeutralsPageProps } from '../../../views/pages/dr/DrNeutralsPage.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { addFlash } from '../../flash.js';
import { renderPage } from '../../render.js';
import { requirePermissions } from '../../route-guard.js';
import { refusalErrors } from '../../upstream.js';

const API = '/api/disputeresolution/neutrals';
const rosterRow = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  type: z.number().int(),
  active: z.boolean(),
  activeCases: z.number().int(),
  maxActiveCases: z.number().int(),
  trainedOn: z.string().nullable(),
  languages: z.array(z.string()),
  lastAssignedAt: z.string().nullable(),
  nextInRotation: z.boolean(),
});
const params = z.object({ userId: z.string().uuid(), type: z.coerce.number().int().min(1).max(6) });

async function render(req: Request, res: Response, refused: DrNeutralsPageProps['refused'] = null): Promise<void> {
  const roster = await res.locals.api.call({ path: API, schema: z.array(rosterRow) });
  renderPage(req, res, createElement(DrNeutralsPage, { roster, tz: res.locals.deps.config.tz, refused }), {
    title: `${t.roster.title} - ${t.heading}`,
    layout: 'shell',
    status: refused ? 422 : 200,
    breadcrumbs: breadcrumbsFor('/dispute-resolution/dashboard', [{ label: t.roster.title }]),
  });
}

export function drNeutralsRouter(_deps: AppDeps): Router {
  const router = Router();
  const stateStaff = requirePermissions('DisputeResolution.stateuser');

  router.get(NEUTRALS_PATH, stateStaff, async (req, res) => {
    await render(req, res);
  });

  router.post(`${NEUTRALS_PATH}/:userId/:type`, stateStaff, async (req, res) => {
    const p = params.safeParse(req.params);
    if (!p.success) throw notFound();
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const text = (k: string) => (typeof body[k] === 'string' ? (body[k] as string).slice(0, 200) : '');
    const values = { isActive: text('isActive'), languages: text('languages'), maxActiveCases: text('maxActiveCases'), lastAnnualTrainingDate: text('lastAnnualTrainingDate') };
    try {
      await res.locals.api.call({
        path: `${API}/${p.data.userId}`,
        method: 'PUT',
        json: {
          type: p.data.type,
          isActive: values.isActive === 'on',
          languages: values.languages.split(',').map((l) => l.trim()).filter(Boolean),
          maxActiveCases: /^\d{1,3}$/.test(values.maxActiveCases) ? Number(values.maxActiveCases) : -1,
          lastAnnualTrainingDate: values.lastAnnualTrainingDate || null,
        },
        schema: z.unknown(),
      });
    } catch (err) {
      const errors = refusalErrors(err);
      if (!errors) throw err;
      return render(req, res, { key: `${p.data.userId}:${p.data.type}`, errors, values });
    }
    addFlash(req, { type: 'success', text: t.saved });
    res.redirect(303, NEUTRALS_PATH);
  });

  return router;
}
