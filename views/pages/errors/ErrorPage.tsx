// The shape every error page shares: a heading that says what happened, what to do next, and a
// reference the user can quote (the request id, which is in the logs).
import type { ReactElement } from 'react';
import { coreText } from '../../../lib/messages.js';

export interface ErrorPageProps {
  heading: string;
  body: string;
  /** Extra detail, e.g. the API's own message. */
  detail?: string;
  requestId?: string;
  action?: { href: string; label: string };
}

export function ErrorPage({ heading, body, detail, requestId, action }: ErrorPageProps): ReactElement {
  return (
    <div className="usa-section portal-error">
      <h1>{heading}</h1>
      <p className="usa-intro">{body}</p>
      {detail && detail !== body && detail !== heading && <p className="portal-error__detail">{detail}</p>}
      {action && (
        <p>
          <a className="usa-button" href={action.href}>
            {action.label}
          </a>
        </p>
      )}
      {requestId && <p className="portal-error__reference usa-hint">{coreText.reference(requestId)}</p>}
    </div>
  );
}
