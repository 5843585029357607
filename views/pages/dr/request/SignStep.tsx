// Step 7, sign and submit (DR spec §4.2): the signature disclaimer, the typed full name and the
// checkbox with electronic-signature-submission above it (its text is a block of paragraphs, which
// a label cannot hold).
import type { ReactElement } from 'react';
import type { TextBlock as TextBlockData } from '../../../../lib/contract.js';
import { wizardText as t } from '../../../../lib/dr/wizard-text.js';
import { CheckboxField } from '../../../components/form/CheckboxField.js';
import { TextField } from '../../../components/form/TextField.js';
import { TextBlock } from '../../../components/TextBlock.js';
import type { StepErrors } from './fields.js';

export interface SignStepProps {
  errors: StepErrors;
  typedName: string;
  agreed: boolean;
  disclaimer: TextBlockData | null;
  submission: TextBlockData | null;
}

export function SignStep({ errors, typedName, agreed, disclaimer, submission }: SignStepProps): ReactElement {
  return (
    <>
      <TextBlock block={disclaimer} headingLevel={3} />
      <TextField id="typedName" label={t.typedName} value={typedName} autoComplete="name" maxLength={200} error={errors.typedName} />
      <TextBlock block={submission} headingLevel={3} />
      <CheckboxField id="agreed" label={t.agreed} checked={agreed} error={errors.agreed} />
    </>
  );
}
