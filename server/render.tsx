// renderPage: React 19 server rendering of a page inside its layout. The first pass renders
// the frame and page and collects the islands used; the second wraps it in the document with
// the stylesheet and, only when islands were used, the client entry (with this response's CSP
// nonce), their module preloads and the CSRF meta tag. A page without islands ships no script.
import type { Request, Response } from 'express';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { shellText } from '../lib/messages.js';
import { renderWithIslands } from '../views/Island.js';
import { Document } from '../views/layouts/Document.js';
import { PublicLayout } from '../views/layouts/PublicLayout.js';
import { ShellLayout, type Breadcrumb } from '../views/layouts/ShellLayout.js';
import { RequestContext, type RequestContextValue } from '../views/request-context.js';
import { csrfTokenFor } from './csrf.js';
import { takeFlash } from './flash.js';

export interface PageOptions {
  /** Unique per page; becomes "<title> - Compliance Portal". */
  title: string;
  status?: number;
  /** Defaults to 'shell' for a signed-in user, else 'public'. */
  layout?: 'public' | 'shell';
  breadcrumbs?: Breadcrumb[];
  /** Prefix the title with "Error: " (a form re-rendered with errors). */
  errorsInTitle?: boolean;
}

export function pageTitle(title: string, errorsInTitle = false): string {
  return `${errorsInTitle ? 'Error: ' : ''}${title} - ${shellText.appName}`;
}

/** The context views read; the CSRF token is created lazily, only if a view asks for it. */
export function requestContextFor(req: Request, res: Response): RequestContextValue {
  const deps = res.locals.deps;
  let csrfToken: string | undefined;
  const session = req.session as (typeof req.session | undefined);
  return {
    get csrfToken() {
      csrfToken ??= csrfTokenFor(req, res);
      return csrfToken;
    },
    nonce: res.locals.nonce ?? '',
    path: req.path,
    user: session?.user ?? null,
    flash: takeFlash(req),
    currentLeaId: session?.currentLeaId ?? null,
    schoolYear: session?.schoolYear ?? null,
    shell: res.locals.shell ?? null,
    config: {
      recaptchaSiteKey: deps?.config.recaptchaSiteKey,
      version: deps?.config.version ?? '',
      buildId: deps?.config.buildId ?? '',
    },
  };
}

export function renderPageToString(req: Request, res: Response, page: ReactElement, options: PageOptions): string {
  const ctx = requestContextFor(req, res);
  const layout = options.layout ?? (ctx.user ? 'shell' : 'public');
  const framed =
    layout === 'shell' ? (
      <ShellLayout breadcrumbs={options.breadcrumbs} status={options.status} title={options.title}>
        {page}
      </ShellLayout>
    ) : (
      <PublicLayout>{page}</PublicLayout>
    );
  const { html, islands } = renderWithIslands(<RequestContext.Provider value={ctx}>{framed}</RequestContext.Provider>);

  const assets = res.locals.deps?.assets;
  let scripts: { entry: string; preloads: string[] } | null = null;
  if (islands.length > 0) {
    // Without the client build the page still works: every island has a no-JavaScript fallback.
    try {
      scripts = assets?.scriptsFor(islands) ?? null;
    } catch (err) {
      res.locals.deps?.log.error({ err, islands }, 'client build does not match the islands on this page');
    }
    if (!scripts) res.locals.deps?.log.warn({ islands }, 'no client bundle for the islands on this page');
  }
  const doc = renderToStaticMarkup(
    <Document
      title={pageTitle(options.title, options.errorsInTitle)}
      css={assets?.css ?? []}
      scripts={scripts}
      nonce={ctx.nonce}
      csrfToken={scripts ? ctx.csrfToken : null}
      bodyHtml={html}
    />,
  );
  return doc.startsWith('<!DOCTYPE') ? doc : `<!DOCTYPE html>${doc}`;
}

export function renderPage(req: Request, res: Response, page: ReactElement, options: PageOptions): void {
  const html = renderPageToString(req, res, page, options);
  // Pages carry personal data and CSRF tokens: never cache them (nor show them from history after sign-out).
  res.status(options.status ?? 200).set('Cache-Control', 'no-store').type('html').send(html);
}
