import type { ReactElement } from 'react';
import { coreText, errorMessages } from '../../../lib/messages.js';
import { ErrorPage } from './ErrorPage.js';

export const serviceUnavailableTitle = coreText.serviceUnavailableTitle;

/** 503 when the portal's own session store (Redis) cannot be reached. */
export function ServiceUnavailablePage({ requestId, retryHref }: { requestId?: string; retryHref?: string }): ReactElement {
  return (
    <ErrorPage
      heading={coreText.serviceUnavailableTitle}
      body={errorMessages.serviceUnavailable}
      requestId={requestId}
      action={retryHref ? { href: retryHref, label: coreText.tryAgain } : undefined}
    />
  );
}
