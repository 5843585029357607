import type { ReactElement } from 'react';
import { coreText, errorMessages } from '../../../lib/messages.js';
import { ErrorPage } from './ErrorPage.js';

export const accessDeniedTitle = errorMessages.accessDenied;

export function AccessDeniedPage({ requestId }: { requestId?: string }): ReactElement {
  return (
    <ErrorPage
      heading={errorMessages.accessDenied}
      body={coreText.accessDeniedBody}
      requestId={requestId}
      action={{ href: '/', label: coreText.goHome }}
    />
  );
}
