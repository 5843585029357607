// Manage Text Blocks (/admin/manage-text-blocks, App.textblocks.manage): the blocks by group,
// and editing one (title, HTML, visibility, Div or Card). Non-breaking spaces are replaced before
// saving (spec §5); the API sanitises the HTML when it saves, and views/components/TextBlock.tsx
// sanitises it again whenever a block is shown, the preview included.
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { textBlock as textBlockSchema, type TextBlock } from '../../../lib/contract.js';
import { adminOrgText as t } from '../../../lib/messages.js';
import { formValues, textBlockFields, textBlockSchema as textBlockFormSchema, validateForm, type FieldError, type TextBlockForm } from '../../../lib/validation/admin-org.js';
import { TextBlockEditPage } from '../../../views/pages/admin/TextBlockEditPage.js';
import { TextBlockListPage } from '../../../views/pages/admin/TextBlockListPage.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { addFlash } from '../../flash.js';
import { requireRoute } from '../../route-guard.js';
import { crumbsFor, lastUpdatedText, pathId, refusedFields, renderAdmin, titleFor } from './admin-org-shared.js';

const ROUTE = 'admin.manage-text-blocks';
const BASE = '/admin/manage-text-blocks';

const blockList = z.array(textBlockSchema);

async function allBlocks(res: Response): Promise<TextBlock[]> {
  return res.locals.api.call({ path: '/api/text-blocks', schema: blockList });
}

async function loadBlock(res: Response, id: number): Promise<TextBlock> {
  const block = (await allBlocks(res)).find((b) => b.id === id);
  if (!block) throw notFound();
  return block;
}

type Values = Omit<TextBlockForm, 'intent'>;

async function renderEdit(req: Request, res: Response, block: TextBlock, values: Values, errors: FieldError[], preview: TextBlock | null): Promise<void> {
  const title = t.editTextBlockTitle(block.title);
  renderAdmin(
    req,
    res,
    createElement(TextBlockEditPage, {
      title,
      block: { id: block.id, blockCode: block.blockCode, groupCode: block.groupCode },
      values,
      errors,
      preview,
      lastUpdated: await lastUpdatedText(res, 'text-block', block.id),
    }),
    {
      title: titleFor(ROUTE, title),
      breadcrumbs: crumbsFor(ROUTE, [{ label: block.title }]),
      status: errors.length ? 422 : 200,
      errorsInTitle: errors.length > 0,
    },
  );
}

export function adminTextBlocksRouter(_deps: AppDeps): Router {
  const router = Router();
  router.use(BASE, requireRoute(ROUTE));

  router.get(BASE, async (req, res) => {
    const blocks = await allBlocks(res);
    const allGroups = [...new Set(blocks.map((b) => b.groupCode))].sort((a, b) => a.localeCompare(b));
    const wanted = typeof req.query.group === 'string' ? req.query.group : '';
    const group = allGroups.includes(wanted) ? wanted : '';
    const groups = (group ? [group] : allGroups).map((groupCode) => ({
      groupCode,
      blocks: blocks
        .filter((b) => b.groupCode === groupCode)
        .sort((a, b) => a.title.localeCompare(b.title))
        .map((b) => ({ id: b.id, title: b.title, blockCode: b.blockCode, format: b.format, isVisible: b.isVisible })),
    }));
    renderAdmin(req, res, createElement(TextBlockListPage, { groups, allGroups, group }), { title: titleFor(ROUTE), breadcrumbs: crumbsFor(ROUTE) });
  });

  router.get(`${BASE}/:id`, async (req, res) => {
    const block = await loadBlock(res, pathId(req.params.id));
    await renderEdit(req, res, block, { title: block.title, html: block.html, format: block.format, isVisible: block.isVisible }, [], null);
  });

  router.post(`${BASE}/:id`, async (req, res) => {
    const block = await loadBlock(res, pathId(req.params.id));
    const result = validateForm(textBlockFormSchema, req.body, textBlockFields);
    if (!result.ok) {
      const { intent: _intent, ...values } = formValues(textBlockFormSchema, req.body);
      return renderEdit(req, res, block, values, result.errors, null);
    }
    const { intent, ...values } = result.data;
    const entered: TextBlock = { ...block, title: values.title, html: values.html, format: values.format as TextBlock['format'], isVisible: values.isVisible };
    if (intent === 'preview') return renderEdit(req, res, block, values, [], entered);
    try {
      const saved = await res.locals.api.call({
        method: 'PUT',
        path: `/api/text-blocks/${block.id}`,
        json: { title: entered.title, html: entered.html, isVisible: entered.isVisible, format: entered.format },
        schema: textBlockSchema,
      });
      addFlash(req, { type: 'success', text: t.textBlockSaved(saved.title) });
      res.redirect(303, BASE);
    } catch (err) {
      await renderEdit(req, res, block, values, refusedFields(err, textBlockFields), null);
    }
  });

  return router;
}
