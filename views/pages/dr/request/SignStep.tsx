// Step 7, sign and submit (DR spec §4.2): the signature disclaimer, the typed full name and the
// checkbox with electronic-signature-submission above it (its text is a block of paragraphs, which
// a label cannot hold).
import type { ReactElement } from 'react';
import type { TextBlock as TextBlockData } from '../../../../lib/contract.js';
import { signText as s } from '../../../../lib/dr/sign-text.js';
import { wizardText as t } from '../../../../lib/dr/wizard-text.js';
import { RECEIVED_VIA } from '../../../../lib/dr/request.js';
import type { IntakeForm } from '../../../../lib/validation/dr-request.js';
import { Button } from '../../../components/form/Button.js';
import { CheckboxField } from '../../../components/form/CheckboxField.js';
import { SelectField } from '../../../components/form/SelectField.js';
import { TextField } from '../../../components/form/TextField.js';
import { TextBlock } from '../../../components/TextBlock.js';
import type { StepErrors } from './fields.js';

export interface SignStepProps {
  /** State staff record the intake instead of signing (§4.2); null for a filer. */
  intake: { values: IntakeForm; dueProcess: boolean; complaint: boolean } | null;
  errors: StepErrors;
  typedName: string;
  agreed: boolean;
  disclaimer: TextBlockData | null;
  submission: TextBlockData | null;
}

export function SignStep({ intake, errors, typedName, agreed, disclaimer, submission }: SignStepProps): ReactElement {
  if (intake) {
    const v = intake.values;
    return (
      <fieldset className="usa-fieldset">
        <legend className="usa-legend usa-legend--large">{t.intakeLegend}</legend>
        <p className="usa-hint">{t.intakeHint}</p>
        <TextField id="intake-receivedDate" name="receivedDate" type="date" label={t.intakeReceivedDate} value={v.receivedDate} error={errors['intake-receivedDate']} />
        <SelectField
          id="intake-receivedVia"
          name="receivedVia"
          label={t.receivedVia}
          value={v.receivedVia}
          options={[{ value: '', label: '' }, ...RECEIVED_VIA.map((o) => ({ value: o, label: o }))]}
          error={errors['intake-receivedVia']}
        />
        {intake.dueProcess ? (
          <TextField id="intake-otherPartyReceivedDate" name="otherPartyReceivedDate" type="date" label={t.otherPartyReceivedDate} hint={t.otherPartyReceivedHint} value={v.otherPartyReceivedDate} error={errors['intake-otherPartyReceivedDate']} />
        ) : null}
        {intake.complaint ? (
          <CheckboxField id="intake-signatureOnFile" name="signatureOnFile" label={t.signatureOnFile} checked={v.signatureOnFile} error={errors['intake-signatureOnFile']} />
        ) : null}
      </fieldset>
    );
  }
  return (
    <>
      <TextBlock block={disclaimer} headingLevel={3} />
      <TextField id="typedName" label={t.typedName} value={typedName} autoComplete="name" maxLength={200} error={errors.typedName} />
      <TextBlock block={submission} headingLevel={3} />
      <CheckboxField id="agreed" label={t.agreed} checked={agreed} error={errors.agreed} />
    </>
  );
}

/**
 * Staff intake's 'Send for e-signature' for a state complaint (§4.2, SignRequest purpose 1). The
 * wizard renders it after its own buttons, so Enter in a field still submits the request.
 */
export function ESignPanel({ values, errors }: { values: Pick<IntakeForm, 'recipientName' | 'recipientEmail'>; errors: StepErrors }): ReactElement {
  return (
    <fieldset className="usa-fieldset margin-top-4">
      <legend className="usa-legend usa-legend--large">{s.sendForSignature}</legend>
      <p className="usa-hint">{s.sendForSignatureHint}</p>
      <TextField id="intake-recipientName" name="recipientName" label={s.recipientName} value={values.recipientName} maxLength={200} autoComplete="off" error={errors['intake-recipientName']} />
      <TextField id="intake-recipientEmail" name="recipientEmail" type="email" label={s.recipientEmail} value={values.recipientEmail} maxLength={320} autoComplete="off" error={errors['intake-recipientEmail']} />
      <Button type="submit" name="action" value="esign" variant="outline">{s.sendForSignature}</Button>
    </fieldset>
  );
}
