import type { ReactElement } from 'react';
import { coreText, errorMessages } from '../../../lib/messages.js';
import { ErrorPage } from './ErrorPage.js';

export const formExpiredTitle = coreText.formExpiredTitle;

/** 403 when a form came back without a valid CSRF token or from another origin. */
export function FormExpiredPage({ requestId, backHref }: { requestId?: string; backHref?: string }): ReactElement {
  return (
    <ErrorPage
      heading={coreText.formExpiredTitle}
      body={errorMessages.csrfInvalid}
      requestId={requestId}
      action={{ href: backHref ?? '/', label: backHref ? coreText.tryAgain : coreText.goHome }}
    />
  );
}
