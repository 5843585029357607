// Step 4, the problem (DR spec §4.2): a state complaint's allegation cards (Add allegation posts
// the step and shows one more, up to 20), or the issues and the description; for all a proposed
// resolution or 'I do not know yet'; IEP Facilitation's meeting date and type; due process's
// knew-date. The one-year and two-year warnings are passed with their 'I understand' tick.
import type { ReactElement } from 'react';
import { IEP_MEETING_TYPES, ISSUE_CATEGORIES, type AllegationData, type DraftState } from '../../../../lib/dr/request.js';
import { wizardText as t } from '../../../../lib/dr/wizard-text.js';
import { MAX_ALLEGATIONS } from '../../../../lib/validation/dr-request.js';
import { CheckboxField } from '../../../components/form/CheckboxField.js';
import { HintAndError, SelectField } from '../../../components/form/SelectField.js';
import { PathField, PathTextarea, type StepErrors } from './fields.js';

export interface ProblemStepProps {
  state: DraftState;
  errors: StepErrors;
  /** Warnings that do not refuse the step (IEPF: a meeting less than two weeks away). */
  warnings: readonly string[];
}

function AllegationCard({ index, a, errors }: { index: number; a: AllegationData; errors: StepErrors }): ReactElement {
  const base = `allegations.${index}`;
  const understoodId = `allegations-${index}-understood`;
  return (
    <fieldset className="usa-fieldset dr-allegation border-1px border-base-lighter padding-2 margin-bottom-2">
      <legend className="usa-legend usa-legend--large">{t.allegation(index + 1)}</legend>
      <PathTextarea path={`${base}.requirement`} errors={errors} label={t.requirement} value={a.requirement} maxLength={600} />
      <PathTextarea path={`${base}.facts`} errors={errors} label={t.facts} value={a.facts} maxLength={4000} />
      <PathField path={`${base}.violationDate`} errors={errors} label={t.violationDate} value={a.violationDate} type="date" />
      <CheckboxField id={understoodId} name={`${base}.understood`} label={t.understand} checked={a.understood === true} error={errors[understoodId]} />
    </fieldset>
  );
}

function Allegations({ state, errors }: { state: DraftState; errors: StepErrors }): ReactElement {
  const list = state.data.allegations?.length ? state.data.allegations : [{}];
  return (
    <section aria-labelledby="allegations-heading">
      <h3 id="allegations-heading">{t.allegations}</h3>
      {errors.allegations ? <HintAndError id="allegations" error={errors.allegations} /> : null}
      <input type="hidden" name="allegationCount" value={String(list.length)} />
      {list.map((a, i) => (
        <AllegationCard key={i} index={i} a={a} errors={errors} />
      ))}
      {list.length < MAX_ALLEGATIONS ? (
        <button type="submit" className="usa-button usa-button--outline" name="action" value="add-allegation" id="add-allegation">
          {t.addAllegation}
        </button>
      ) : null}
    </section>
  );
}

/** The issue checkboxes: required for every option but a state complaint, where they are optional (§3). */
function Issues({ state, errors }: { state: DraftState; errors: StepErrors }): ReactElement {
  const chosen = new Set(state.data.issues ?? []);
  const error = errors.issues;
  const complaint = state.option === 'SC';
  return (
    <>
      <fieldset className={`usa-fieldset usa-form-group${error ? ' usa-form-group--error' : ''}`} aria-describedby={`issues-hint${error ? ' issues-error' : ''}`}>
        <legend className="usa-legend">{complaint ? t.issuesOptional : t.issues}</legend>
        <HintAndError id="issues" hint={t.issuesHint} error={error} />
        {ISSUE_CATEGORIES.map((c) => (
          <div className="usa-checkbox" key={c.code}>
            <input className="usa-checkbox__input" id={`issues-${c.code}`} type="checkbox" name="issues" value={c.code} defaultChecked={chosen.has(c.code)} aria-invalid={error ? true : undefined} />
            <label className="usa-checkbox__label" htmlFor={`issues-${c.code}`}>
              {c.label}
            </label>
          </div>
        ))}
      </fieldset>
      {complaint ? null : <PathTextarea path="problemDescription" errors={errors} label={t.problemDescription} value={state.data.problemDescription} maxLength={4000} />}
    </>
  );
}

export function ProblemStep({ state, errors, warnings }: ProblemStepProps): ReactElement {
  const d = state.data;
  return (
    <>
      {warnings.map((w) => (
        <div className="usa-alert usa-alert--warning usa-alert--slim" key={w}>
          <div className="usa-alert__body">
            <p className="usa-alert__text">{w}</p>
          </div>
        </div>
      ))}
      {state.option === 'SC' ? <Allegations state={state} errors={errors} /> : null}
      <Issues state={state} errors={errors} />
      <PathTextarea path="proposedResolution" errors={errors} label={t.proposedResolution} value={d.proposedResolution} maxLength={2000} />
      <CheckboxField id="proposedResolutionUnknown" label={t.proposedResolutionUnknown} checked={d.proposedResolutionUnknown === true} />
      {state.option === 'IEPF' ? (
        <>
          <PathField path="iepMeetingDate" errors={errors} label={t.iepMeetingDate} value={d.iepMeetingDate} type="date" />
          <SelectField
            id="iepMeetingType"
            label={t.iepMeetingType}
            value={d.iepMeetingType ?? ''}
            options={[{ value: '', label: t.choose }, ...IEP_MEETING_TYPES.map((m) => ({ value: m, label: m }))]}
          />
        </>
      ) : null}
      {state.option === 'DP' ? (
        <>
          <PathField path="knewDate" errors={errors} label={t.knewDate} value={d.knewDate} type="date" />
          <CheckboxField id="knewDateUnderstood" label={t.understand} checked={d.knewDateUnderstood === true} error={errors.knewDateUnderstood} />
        </>
      ) : null}
    </>
  );
}
