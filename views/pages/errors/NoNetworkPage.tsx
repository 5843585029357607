import type { ReactElement } from 'react';
import { coreText, errorMessages } from '../../../lib/messages.js';
import { ErrorPage } from './ErrorPage.js';

export const noNetworkTitle = coreText.noNetworkTitle;

/** 503 when the agency API cannot be reached (spec §8 "No Network (status 0)"); the session survives. */
export function NoNetworkPage({ requestId, retryHref }: { requestId?: string; retryHref?: string }): ReactElement {
  return (
    <ErrorPage
      heading={errorMessages.noNetwork}
      body={coreText.noNetworkBody}
      requestId={requestId}
      action={retryHref ? { href: retryHref, label: coreText.tryAgain } : undefined}
    />
  );
}
