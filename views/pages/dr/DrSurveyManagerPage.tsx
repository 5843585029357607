// The survey manager (/dispute-resolution/survey-manager, DR spec §4.7): every survey with its
// invitations, responses and response rate; 'New survey' and per row Copy, Activate and Retire as
// plain forms, so the page works without JavaScript.
import type { ReactElement } from 'react';
import { TYPE_NAMES } from '../../../lib/dr/contract.js';
import type { SurveyAnswer } from '../../../lib/dr/survey-contract.js';
import { SURVEY_AUDIENCES, surveyText as t } from '../../../lib/dr/survey-text.js';
import type { FieldError } from '../../../lib/validation/admin-org.js';
import { CsrfField } from '../../components/CsrfField.js';
import { ErrorSummary } from '../../components/form/ErrorSummary.js';
import { SelectField } from '../../components/form/SelectField.js';
import { TextField } from '../../components/form/TextField.js';
import { PageHeader } from '../../shell/PageHeader.js';

export const SURVEY_MANAGER_PATH = '/dispute-resolution/survey-manager';
export const surveyHref = (id: number) => `${SURVEY_MANAGER_PATH}/${id}`;

export interface SurveyDetailsValues {
  name: string;
  disputeTypes: readonly string[];
  audience: string;
}

export interface DrSurveyManagerPageProps {
  title: string;
  surveys: readonly SurveyAnswer[];
  errors: readonly FieldError[];
  values: SurveyDetailsValues;
}

/** The new-survey form's fields the error summary links to. */
const FIELD_IDS: Readonly<Record<string, string>> = { name: 'new-name', disputeTypes: 'new-type-1', audience: 'new-audience' };

const errorOf = (errors: readonly FieldError[], field: string) => errors.find((e) => e.field === field)?.message;

/** Name, dispute types and audience: the new-survey form and the survey page's details. */
export function SurveyDetailsFields({ values, errors, idPrefix }: { values: SurveyDetailsValues; errors: readonly FieldError[]; idPrefix: string }): ReactElement {
  const typesError = errorOf(errors, 'disputeTypes');
  return (
    <>
      <TextField id={`${idPrefix}name`} name="name" label={t.name} value={values.name} maxLength={200} required error={errorOf(errors, 'name')} />
      <fieldset className={`usa-fieldset${typesError ? ' usa-form-group--error' : ''}`}>
        <legend className="usa-legend">{t.types}</legend>
        {typesError ? <span className="usa-error-message" id={`${idPrefix}types-error`}>{typesError}</span> : null}
        {Object.entries(TYPE_NAMES).map(([code, label]) => (
          <div className="usa-checkbox" key={code}>
            <input className="usa-checkbox__input" type="checkbox" id={`${idPrefix}type-${code}`} name="disputeTypes" value={code} defaultChecked={values.disputeTypes.includes(code)} />
            <label className="usa-checkbox__label" htmlFor={`${idPrefix}type-${code}`}>{label}</label>
          </div>
        ))}
      </fieldset>
      <SelectField id={`${idPrefix}audience`} name="audience" label={t.audience} value={values.audience} options={SURVEY_AUDIENCES.map((a) => ({ value: a, label: a }))} error={errorOf(errors, 'audience')} />
    </>
  );
}

/** A one-button form (life cycle, move, delete); `what` names the target for screen readers. */
export function PostButton({ action, label, what, back }: { action: string; label: string; what: string; back?: string | undefined }): ReactElement {
  return (
    <form method="post" action={action} className="display-inline-block margin-right-1">
      <CsrfField />
      {back ? <input type="hidden" name="back" value={back} /> : null}
      <button type="submit" className="usa-button usa-button--outline margin-y-05">
        {label}
        <span className="usa-sr-only"> {what}</span>
      </button>
    </form>
  );
}

/** Copy, Activate or Retire; from the survey's own page (`fromSurvey`) the answer comes back there. */
export function RowAction({ id, action, label, what, fromSurvey = false }: { id: number; action: 'copy' | 'activate' | 'retire'; label: string; what: string; fromSurvey?: boolean }): ReactElement {
  return <PostButton action={`${surveyHref(id)}/${action}`} label={label} what={what} back={fromSurvey ? 'survey' : undefined} />;
}

export function DrSurveyManagerPage({ title, surveys, errors, values }: DrSurveyManagerPageProps): ReactElement {
  return (
    <>
      <PageHeader title={title} />
      <ErrorSummary errors={errors.map((e) => ({ field: FIELD_IDS[e.field], message: e.message }))} />
      {surveys.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <div className="usa-table-container--scrollable" tabIndex={0}>
          <table className="usa-table usa-table--borderless" data-testid="surveys">
            <caption className="usa-sr-only">{title}</caption>
            <thead>
              <tr>
                {[t.name, t.types, t.audience, t.status, t.version, t.invitations, t.responses, t.responseRate].map((h) => <th key={h} scope="col">{h}</th>)}
                <th scope="col"><span className="usa-sr-only">{t.status}</span></th>
              </tr>
            </thead>
            <tbody>
              {surveys.map((s) => (
                <tr key={s.id}>
                  <th scope="row"><a className="usa-link" href={surveyHref(s.id)}>{s.name}</a></th>
                  <td>{s.disputeTypes.map((x) => TYPE_NAMES[x] ?? String(x)).join(', ')}</td>
                  <td>{s.audience}</td>
                  <td>{s.status}</td>
                  <td>{s.version}</td>
                  <td>{s.invitations}</td>
                  <td>{s.responses}</td>
                  <td>{s.responseRate}</td>
                  <td className="text-no-wrap">
                    <RowAction id={s.id} action="copy" label={t.copy} what={`${s.name}, ${t.version} ${s.version}`} />
                    {s.status === 'Draft' ? <RowAction id={s.id} action="activate" label={t.activate} what={`${s.name}, ${t.version} ${s.version}`} /> : null}
                    {s.status !== 'Retired' ? <RowAction id={s.id} action="retire" label={t.retire} what={`${s.name}, ${t.version} ${s.version}`} /> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form method="post" action={SURVEY_MANAGER_PATH} className="usa-form usa-form--large margin-top-4">
        <CsrfField />
        <fieldset className="usa-fieldset">
          <legend className="usa-legend usa-legend--large">{t.newSurvey}</legend>
          <SurveyDetailsFields values={values} errors={errors} idPrefix="new-" />
          <button type="submit" className="usa-button margin-top-2">{t.newSurvey}</button>
        </fieldset>
      </form>
    </>
  );
}
