import type { ReactElement } from 'react';
import { coreText, errorMessages } from '../../../lib/messages.js';
import { ErrorPage } from './ErrorPage.js';

export const tooManyRequestsTitle = coreText.tooManyRequestsTitle;

/** 429 when sign-in attempts are rate limited and the route gave no page of its own. */
export function TooManyRequestsPage({ requestId, body = errorMessages.tooManySignIns }: { requestId?: string; body?: string }): ReactElement {
  return <ErrorPage heading={coreText.tooManyRequestsTitle} body={body} requestId={requestId} />;
}
