// The Account Creation Confirmation dialog as a page, for browsers without JavaScript: the
// entered details wait in the session (never in the page), and Confirm sends them.
import type { ReactElement } from 'react';
import { uiText } from '../../lib/messages.js';
import { Breadcrumbs } from '../layouts/ShellLayout.js';
import { CsrfField } from '../components/CsrfField.js';
import { Button } from '../components/form/Button.js';

export interface DrRequestConfirmPageProps {
  /** The random id of the registration waiting in the session. */
  pendingId: string;
  email: string;
}

export function DrRequestConfirmPage({ pendingId, email }: DrRequestConfirmPageProps): ReactElement {
  return (
    <div className="grid-row">
      <div className="tablet:grid-col-8 desktop:grid-col-6">
        {/* The public layout has no breadcrumb slot; spec §2 gives this page the crumb Register. */}
        <Breadcrumbs items={[{ label: uiText.register }]} />
        <h1>{uiText.accountCreationConfirmation}</h1>
        <div id="dr-confirm-body" className="usa-prose">
          <p>{uiText.drConfirmWillCreate}</p>
          <p>{uiText.drConfirmEmailSent(email)}</p>
          <p>{uiText.drConfirmMustVerify}</p>
        </div>
        <form method="post" action="/dr-request/confirm" className="margin-top-3">
          <CsrfField />
          <input type="hidden" name="pendingId" value={pendingId} />
          {/* No bot-check token without JavaScript: the agency API decides what an empty one means. */}
          <input type="hidden" name="recaptchaToken" value="" />
          <Button type="submit">{uiText.confirm}</Button>
        </form>
      </div>
    </div>
  );
}
