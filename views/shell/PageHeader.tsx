// The page header (spec §2 Shell): the page's h1 with optional Help Links and Go Back. Help
// Links is a <details> disclosure, so it opens without JavaScript.
import type { ReactElement, ReactNode } from 'react';
import { shellText } from '../../lib/messages.js';

export interface HelpLink {
  label: string;
  href: string;
}

export interface PageHeaderProps {
  title: string;
  helpLinks?: readonly HelpLink[];
  /** Where Go Back leads; no button without it. */
  backHref?: string;
  /** Extra actions (buttons, links) beside the built-in ones. */
  actions?: ReactNode;
}

export function PageHeader({ title, helpLinks = [], backHref, actions }: PageHeaderProps): ReactElement {
  const hasActions = helpLinks.length > 0 || backHref !== undefined || actions !== undefined;
  return (
    <div className="page-header">
      {/* tabIndex -1: the heading can take focus after in-page navigation and error summaries. */}
      <h1 tabIndex={-1}>{title}</h1>
      {hasActions ? (
        <div className="page-header__actions">
          {actions}
          {helpLinks.length > 0 ? (
            <details className="page-header__help" data-popup="">
              <summary className="usa-button usa-button--outline">{shellText.helpLinks}</summary>
              <ul className="usa-list usa-list--unstyled page-header__help-list">
                {helpLinks.map((link) => (
                  <li key={link.href}>
                    <a className="usa-link" href={link.href}>
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          {backHref !== undefined ? (
            <a className="usa-button usa-button--outline" href={backHref}>
              {shellText.goBack}
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
