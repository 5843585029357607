// /contact and /faq (spec §2: the sidebar's Help group; they exist for everyone): the
// administrators' text blocks 'contact-page' and 'faq-page'. Signed in, inside the shell;
// signed out, in the public layout. A block the API does not have leaves a plain note; an API
// that cannot be reached gives the usual error page.
import { Router, type Response } from 'express';
import { createElement } from 'react';
import { textBlock, type TextBlock } from '../../lib/contract.js';
import { navText } from '../../lib/messages.js';
import { breadcrumbsFor } from '../../lib/navigation.js';
import { CONTACT_BLOCK_CODE, ContactPage } from '../../views/pages/ContactPage.js';
import { FAQ_BLOCK_CODE, FaqPage } from '../../views/pages/FaqPage.js';
import type { AppDeps } from '../deps.js';
import { renderPage } from '../render.js';
import { UpstreamError } from '../upstream.js';

async function helpBlock(res: Response, code: string): Promise<TextBlock | null> {
  try {
    // Text blocks are public: no user token needed (the header contract still applies).
    return await res.locals.api.call({ path: `/api/text-blocks/by-block-code/${encodeURIComponent(code)}`, schema: textBlock, auth: 'none' });
  } catch (err) {
    if (err instanceof UpstreamError && err.kind === 'http' && err.status === 404) return null;
    throw err;
  }
}

export function helpRouter(_deps: AppDeps): Router {
  const router = Router();

  router.get('/contact', async (req, res) => {
    const block = await helpBlock(res, CONTACT_BLOCK_CODE);
    renderPage(req, res, createElement(ContactPage, { block }), { title: navText.contact, breadcrumbs: breadcrumbsFor('/contact') });
  });

  router.get('/faq', async (req, res) => {
    const block = await helpBlock(res, FAQ_BLOCK_CODE);
    renderPage(req, res, createElement(FaqPage, { block }), { title: navText.faq, breadcrumbs: breadcrumbsFor('/faq') });
  });

  return router;
}
