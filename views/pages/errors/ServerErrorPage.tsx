import type { ReactElement } from 'react';
import { coreText, errorMessages } from '../../../lib/messages.js';
import { ErrorPage } from './ErrorPage.js';

export const serverErrorTitle = coreText.serverErrorTitle;

/** 500, or an API failure passed on with the server's message (spec §8 "Other HTTP errors"). */
export function ServerErrorPage({ requestId, detail }: { requestId?: string; detail?: string }): ReactElement {
  return (
    <ErrorPage
      heading={errorMessages.somethingWentWrong}
      body={coreText.serverErrorBody}
      detail={detail}
      requestId={requestId}
      action={{ href: '/', label: coreText.goHome }}
    />
  );
}
