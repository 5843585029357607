// The HTML document and the page frame every layout shares.
//
// renderPage renders in two passes: first the layout and page (PageFrame: skip link, header,
// <main>, footer) so it learns which islands the page used; then <Document> around that HTML,
// adding the CSS, and scripts only when islands were used.
import type { ReactElement, ReactNode } from 'react';
import { coreText, shellText } from '../../lib/messages.js';
import type { Flash } from '../../server/session-types.js';
import { useRequestContext } from '../request-context.js';

export interface DocumentProps {
  title: string;
  css: string[];
  /** Present only when the page uses islands. */
  scripts: { entry: string; preloads: string[] } | null;
  nonce: string;
  /** Emitted only with scripts: islands/api.ts reads it for the x-csrf-token header. */
  csrfToken: string | null;
  /** The rendered page frame. */
  bodyHtml: string;
}

export function Document({ title, css, scripts, nonce, csrfToken, bodyHtml }: DocumentProps): ReactElement {
  const scriptTags = scripts
    ? `<script type="module" src="${escapeAttr(scripts.entry)}" nonce="${escapeAttr(nonce)}"></script>`
    : '';
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {csrfToken !== null && <meta name="csrf-token" content={csrfToken} />}
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        {css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {scripts?.preloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} nonce={nonce} />
        ))}
      </head>
      {/* The frame is already HTML (first pass); the entry script goes last so the DOM is ready. */}
      <body dangerouslySetInnerHTML={{ __html: bodyHtml + scriptTags }} />
    </html>
  );
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** One-time messages: errors are announced at once (role=alert), others politely (role=status). */
export function FlashRegion({ flash }: { flash: Flash[] }): ReactElement | null {
  if (flash.length === 0) return null;
  return (
    <div className="portal-flash" aria-label={coreText.notifications} role="region">
      {flash.map((f, i) => (
        <div
          key={i}
          className={`usa-alert usa-alert--slim usa-alert--${f.type === 'error' ? 'error' : f.type === 'success' ? 'success' : 'info'}`}
          role={f.type === 'error' ? 'alert' : 'status'}
        >
          <div className="usa-alert__body">
            <p className="usa-alert__text">{f.text}</p>
          </div>
        </div>
      ))}
    </div>
  );
}

/** The USWDS header with the portal's name; layouts put their controls in `children`. */
export function PortalHeader({ children }: { children?: ReactNode }): ReactElement {
  return (
    <header className="usa-header usa-header--basic portal-header">
      <div className="usa-nav-container">
        <div className="usa-navbar">
          <div className="usa-logo">
            <em className="usa-logo__text">
              <a href="/" title={shellText.home} aria-label={shellText.home}>
                {shellText.appName}
              </a>
            </em>
          </div>
        </div>
        {children}
      </div>
    </header>
  );
}

export interface PageFrameProps {
  /** Replaces the default header (PortalHeader). */
  header?: ReactNode;
  /** Content between the header and <main>, e.g. breadcrumbs. */
  beforeMain?: ReactNode;
  children: ReactNode;
}

/** Skip link, header, <main id="main-content"> with the flash region, footer with the version. */
export function PageFrame({ header, beforeMain, children }: PageFrameProps): ReactElement {
  const { flash, config } = useRequestContext();
  return (
    <>
      <a className="usa-skipnav" href="#main-content">
        {coreText.skipToMain}
      </a>
      {header ?? <PortalHeader />}
      {beforeMain}
      <main id="main-content" className="portal-main grid-container" tabIndex={-1}>
        <FlashRegion flash={flash} />
        {children}
      </main>
      <footer className="usa-footer usa-footer--slim portal-footer">
        <div className="usa-footer__secondary-section">
          <div className="grid-container">
            <p className="portal-version">{shellText.version(config.version)}</p>
          </div>
        </div>
      </footer>
    </>
  );
}
