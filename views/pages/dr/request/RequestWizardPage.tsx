// The Create Request wizard's frame (DR spec §4.2): the page header, 'Step N of 7', the error
// summary, and one form per step that posts its fields with the hidden step and the button
// pressed (Save and continue, Save draft, Back; step 7: Submit Request).
import type { ReactElement, ReactNode } from 'react';
import { WIZARD_STEPS } from '../../../../lib/dr/request.js';
import { wizardText as t } from '../../../../lib/dr/wizard-text.js';
import { CsrfField } from '../../../components/CsrfField.js';
import { Button } from '../../../components/form/Button.js';
import { ErrorSummary, type SummaryError } from '../../../components/form/ErrorSummary.js';
import { PageHeader } from '../../../shell/PageHeader.js';
import { firstInputIds } from './fields.js';
import { WIZARD_PATH } from './paths.js';
import { StepIndicator } from './StepIndicator.js';

export interface RequestWizardPageProps {
  step: number;
  /** Refusals by element id ('form': the request as a whole). */
  errors: readonly { field: string; message: string }[];
  children: ReactNode;
  /** Rendered after the buttons, inside the form (staff intake's 'Send for e-signature'). */
  after?: ReactNode;
}

const DP_QUESTIONS = ['dpAnswers-q1Expedited', 'dpAnswers-q2RequestMediation', 'dpAnswers-q3HasAttorney'];

/** Names the card or question before a message that repeats ('Allegation 2: Enter the facts …'). */
function repeatedFieldLabels(errors: readonly { field: string }[]): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const { field } of errors) {
    const card = /^allegations-(\d+)-/.exec(field);
    if (card) labels[field] = t.allegation(Number(card[1]) + 1);
    const q = DP_QUESTIONS.indexOf(field);
    if (q >= 0) labels[field] = t.question(q + 1);
  }
  return labels;
}

export function RequestWizardPage({ step, errors, children, after }: RequestWizardPageProps): ReactElement {
  const summary: SummaryError[] = errors.map((e) => (e.field === 'form' ? { message: e.message } : { field: e.field, message: e.message }));
  const last = step === WIZARD_STEPS;
  return (
    <>
      <PageHeader title={t.heading} />
      <StepIndicator step={step} />
      <ErrorSummary errors={summary} fieldIds={firstInputIds} fieldLabels={repeatedFieldLabels(errors)} />
      <form method="post" action={WIZARD_PATH} className="usa-form usa-form--large dr-wizard" noValidate>
        <CsrfField />
        <input type="hidden" name="step" value={String(step)} />
        {children}
        <div className="usa-button-group margin-top-4">
          {last ? (
            <Button type="submit" name="action" value="submit">
              {t.submit}
            </Button>
          ) : (
            <>
              <Button type="submit" name="action" value="continue">
                {t.saveAndContinue}
              </Button>
              <Button type="submit" name="action" value="save" variant="outline">
                {t.saveDraft}
              </Button>
            </>
          )}
          {step > 1 ? (
            <Button type="submit" name="action" value="back" variant="outline">
              {t.back}
            </Button>
          ) : null}
        </div>
        {after}
      </form>
    </>
  );
}
