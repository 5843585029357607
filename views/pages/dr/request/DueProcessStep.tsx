// Step 5, due process questions (DR spec §4.2; due process only): three Yes/No questions, each
// with its help text block, and the attorney's fields (always shown without JavaScript, with a
// hint that they are for a Yes to question 3).
import type { ReactElement } from 'react';
import type { TextBlock as TextBlockData } from '../../../../lib/contract.js';
import type { CaseData, DraftState } from '../../../../lib/dr/request.js';
import { wizardText as t } from '../../../../lib/dr/wizard-text.js';
import { TextBlock } from '../../../components/TextBlock.js';
import { PathField, YesNo, type StepErrors } from './fields.js';

export interface DueProcessStepProps {
  state: DraftState;
  errors: StepErrors;
  /** dr-due-process-ques-1 to 3, in order (null: not set up). */
  help: readonly (TextBlockData | null)[];
}

export function DueProcessStep({ state, errors, help }: DueProcessStepProps): ReactElement {
  const a = state.data.dpAnswers ?? {};
  const at: NonNullable<CaseData['attorney']> = state.data.attorney ?? {};
  const questions = [
    { path: 'dpAnswers.q1Expedited', legend: t.q1, hint: t.q1Hint, value: a.q1Expedited },
    { path: 'dpAnswers.q2RequestMediation', legend: t.q2, hint: t.q2Hint, value: a.q2RequestMediation },
    { path: 'dpAnswers.q3HasAttorney', legend: t.q3, hint: undefined, value: a.q3HasAttorney },
  ];
  return (
    <>
      {questions.map((q, i) => (
        <div key={q.path}>
          <TextBlock block={help[i]} headingLevel={3} />
          <YesNo path={q.path} errors={errors} legend={`${t.question(i + 1)}: ${q.legend}`} hint={q.hint} value={q.value} />
        </div>
      ))}
      <fieldset className="usa-fieldset">
        <legend className="usa-legend usa-legend--large">{t.attorney}</legend>
        <p className="usa-hint">{t.attorneyHint}</p>
        <PathField path="attorney.name" errors={errors} label={t.attorneyName} value={at.name} maxLength={200} />
        <PathField path="attorney.firm" errors={errors} label={t.attorneyFirm} value={at.firm} maxLength={200} />
        <PathField path="attorney.email" errors={errors} label={t.attorneyEmail} value={at.email} type="email" maxLength={256} />
        <PathField path="attorney.phone" errors={errors} label={t.attorneyPhone} value={at.phone} type="tel" maxLength={20} />
      </fieldset>
    </>
  );
}
