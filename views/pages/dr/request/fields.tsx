// Pieces every step of the Create Request wizard uses: the fields named by their path in the
// case data (ids with '-' for '.', so the API's refusals link to them), Yes/No radios, and the
// errors of the page keyed by element id.
import type { ReactElement } from 'react';
import { wizardText as t } from '../../../../lib/dr/wizard-text.js';
import { fieldIdOf } from '../../../../lib/validation/dr-request.js';
import { TextField, type TextFieldProps } from '../../../components/form/TextField.js';
import { RadioGroup, TextareaField } from '../../admin/AdminOrgFields.js';

/** The page's field errors by element id. */
export type StepErrors = Readonly<Record<string, string>>;

type PathFieldProps = Omit<TextFieldProps, 'id' | 'name' | 'error'> & { path: string; errors: StepErrors };

/** A text input named by its data path ('student.firstName'). */
export function PathField({ path, errors, ...rest }: PathFieldProps): ReactElement {
  const id = fieldIdOf(path);
  return <TextField {...rest} id={id} name={path} error={errors[id]} />;
}

export function PathTextarea({ path, errors, label, value, hint, maxLength }: { path: string; errors: StepErrors; label: string; value: string | undefined; hint?: string; maxLength: number }): ReactElement {
  const id = fieldIdOf(path);
  return <TextareaField id={id} name={path} label={label} value={value ?? ''} error={errors[id]} hint={hint} maxLength={maxLength} rows={5} />;
}

/** A Yes/No question; its first radio ('-yes') is where the error summary links. */
export function YesNo({ path, errors, legend, value, hint }: { path: string; errors: StepErrors; legend: string; value: boolean | undefined; hint?: string }): ReactElement {
  const id = fieldIdOf(path);
  return (
    <RadioGroup
      id={id}
      name={path}
      legend={legend}
      hint={hint}
      value={value === true ? 'yes' : value === false ? 'no' : ''}
      options={[
        { value: 'yes', label: t.yes },
        { value: 'no', label: t.no },
      ]}
      error={errors[id]}
    />
  );
}

/** The element an error on `field` links to: radio groups and checkbox lists link to their first input. */
export const firstInputIds: Readonly<Record<string, string>> = {
  requesterType: 'requesterType-1',
  option: 'option-IEPF',
  concernsSpecificStudent: 'concernsSpecificStudent-yes',
  issues: 'issues-EVAL',
  'dpAnswers-q1Expedited': 'dpAnswers-q1Expedited-yes',
  'dpAnswers-q2RequestMediation': 'dpAnswers-q2RequestMediation-yes',
  'dpAnswers-q3HasAttorney': 'dpAnswers-q3HasAttorney-yes',
  allegations: 'add-allegation',
};
