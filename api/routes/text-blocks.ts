// Text blocks (spec §7 Text blocks). Reading by block or group code is anonymous, because the
// sign-in and registration pages show blocks before anyone signs in; the block's isVisible flag
// goes with it so the portal decides whether to show it. Editing sanitises the HTML first.
import { Router } from 'express';
import { z } from 'zod';
import type { TextBlock } from '../../lib/contract.js';
import { P } from '../../lib/permissions.js';
import { diffChanges, recordAudit } from '../audit.js';
import { authenticate, authOf, requirePermission } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import { idParam, notFound, parse } from '../http.js';
import { sanitizeTextBlockHtml } from '../sanitize.js';

export const TEXT_BLOCK_MESSAGES = {
  notFound: 'No such text block.',
  groupNotFound: 'No text blocks have this group code.',
} as const;

const codeParam = z.object({
  code: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'A code is letters, digits, dots, dashes and underscores.'),
});

const updateBody = z.object({
  title: z.string().trim().min(1).max(200),
  html: z.string().max(100_000),
  isVisible: z.boolean(),
  format: z.enum(['Div', 'Card']),
});

/** Request schemas, for the OpenAPI document. */
export const textBlocksSchemas = { updateBody };

interface TextBlockRow {
  id: number;
  title: string;
  html: string;
  is_visible: boolean;
  block_code: string;
  group_code: string;
  format: 'Div' | 'Card';
}

const SELECT = 'SELECT id, title, html, is_visible, block_code, group_code, format FROM text_blocks';

const toTextBlock = (r: TextBlockRow): TextBlock => ({
  id: r.id,
  title: r.title,
  html: r.html,
  isVisible: r.is_visible,
  blockCode: r.block_code,
  groupCode: r.group_code,
  format: r.format,
});

export function textBlocksRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = authenticate(ctx);
  const db = ctx.db;

  router.get('/api/text-blocks/by-block-code/:code', async (req, res) => {
    const { code } = parse(codeParam, req.params, 'path');
    const row = (await db.query<TextBlockRow>(`${SELECT} WHERE lower(block_code) = lower($1)`, [code])).rows[0];
    if (!row) throw notFound(TEXT_BLOCK_MESSAGES.notFound);
    res.json(toTextBlock(row));
  });

  router.get('/api/text-blocks/by-group-code/:code', async (req, res) => {
    const { code } = parse(codeParam, req.params, 'path');
    const rows = (await db.query<TextBlockRow>(`${SELECT} WHERE lower(group_code) = lower($1) ORDER BY id`, [code])).rows;
    if (rows.length === 0) throw notFound(TEXT_BLOCK_MESSAGES.groupNotFound);
    res.json(rows.map(toTextBlock));
  });

  router.get('/api/text-blocks', auth, requirePermission(P.textBlocksManage), async (_req, res) => {
    const rows = (await db.query<TextBlockRow>(`${SELECT} ORDER BY group_code, block_code`)).rows;
    res.json(rows.map(toTextBlock));
  });

  router.put('/api/text-blocks/:id', auth, requirePermission(P.textBlocksManage), async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    const body = parse(updateBody, req.body, 'body');
    const actor = authOf(res).userId;
    const saved = await db.tx(async (q) => {
      const current = (await q.query<TextBlockRow>(`${SELECT} WHERE id = $1 FOR UPDATE`, [id])).rows[0];
      if (!current) throw notFound(TEXT_BLOCK_MESSAGES.notFound);
      const updated = await q.query<TextBlockRow>(
        `UPDATE text_blocks SET title = $2, html = $3, is_visible = $4, format = $5, updated_at = now(), updated_by = $6
          WHERE id = $1
          RETURNING id, title, html, is_visible, block_code, group_code, format`,
        [id, body.title.replace(/\u00A0/g, ' '), sanitizeTextBlockHtml(body.html), body.isVisible, body.format, actor],
      );
      const row = updated.rows[0]!;
      const view = (b: TextBlock) => ({ title: b.title, html: b.html, isVisible: b.isVisible, format: b.format });
      await recordAudit(q, {
        actor,
        action: 'text-block.update',
        entityType: 'text-block',
        entityId: id,
        changes: diffChanges(view(toTextBlock(current)), view(toTextBlock(row))),
      });
      return row;
    });
    res.json(toTextBlock(saved));
  });

  return router;
}
