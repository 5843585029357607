import type { ReactElement } from 'react';
import { coreText, errorMessages } from '../../../lib/messages.js';
import { ErrorPage } from './ErrorPage.js';

export const gatewayTimeoutTitle = coreText.timeoutTitle;

/** 504 when the agency API answered too slowly. */
export function GatewayTimeoutPage({ requestId, retryHref }: { requestId?: string; retryHref?: string }): ReactElement {
  return (
    <ErrorPage
      heading={coreText.timeoutTitle}
      body={errorMessages.upstreamTimeout}
      requestId={requestId}
      action={retryHref ? { href: retryHref, label: coreText.tryAgain } : undefined}
    />
  );
}
