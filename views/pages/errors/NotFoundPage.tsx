import type { ReactElement } from 'react';
import { coreText, errorMessages } from '../../../lib/messages.js';
import { ErrorPage } from './ErrorPage.js';

export const notFoundTitle = errorMessages.pageNotFound;

export function NotFoundPage({ requestId }: { requestId?: string }): ReactElement {
  return (
    <ErrorPage
      heading={errorMessages.pageNotFound}
      body={coreText.pageNotFoundBody}
      requestId={requestId}
      action={{ href: '/', label: coreText.goHome }}
    />
  );
}
