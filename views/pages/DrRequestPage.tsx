// /dr-request (spec §2): registration of a public dispute resolution user, outside the
// signed-in shell. The card holds the instruction text blocks and the registration form.
import type { ReactElement } from 'react';
import type { TextBlock as TextBlockData } from '../../lib/contract.js';
import { uiText } from '../../lib/messages.js';
import { Breadcrumbs } from '../layouts/ShellLayout.js';
import type { FieldError } from '../../lib/validation/auth.js';
import { TextBlock } from '../components/TextBlock.js';
import { Island } from '../Island.js';
import { useRequestContext } from '../request-context.js';
import DrRegistrationForm from '../../islands/DrRegistrationForm.island.js';

export interface DrRequestPageProps {
  values: { fullName: string; email: string; agreement: boolean };
  errors: FieldError[];
  formError?: string;
  instructions: TextBlockData | null;
  passwordRequirements: TextBlockData | null;
}

export function DrRequestPage({ values, errors, formError, instructions, passwordRequirements }: DrRequestPageProps): ReactElement {
  const { csrfToken, nonce, config } = useRequestContext();
  return (
    <div className="grid-row">
      <div className="tablet:grid-col-10 desktop:grid-col-8">
        {/* The public layout has no breadcrumb slot; spec §2 gives this page the crumb Register. */}
        <Breadcrumbs items={[{ label: uiText.register }]} />
        <h1>{uiText.requestDisputeResolution}</h1>
        <div className="usa-card dr-register">
          <div className="usa-card__container">
            <div className="usa-card__header">
              <h2 className="usa-card__heading">{uiText.createUserAccount}</h2>
            </div>
            <div className="usa-card__body">
              <TextBlock block={instructions} headingLevel={3} />
              {/* The password inputs point here with aria-describedby. */}
              <div id="dr-password-requirements">
                <TextBlock block={passwordRequirements} headingLevel={3} />
              </div>
              <Island
                name="DrRegistrationForm"
                component={DrRegistrationForm}
                props={{ csrfToken, values, errors, formError, recaptchaSiteKey: config.recaptchaSiteKey, nonce }}
              />
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
