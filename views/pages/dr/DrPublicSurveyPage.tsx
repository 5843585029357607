// The public survey (/dr-public/survey/:token, DR spec §4.11): signed out, in the public layout;
// radio buttons for the 1-5 agreement questions, Yes/No, a text box, and 'Submit'. After it, or for
// a used, expired or unknown link, one message.
import type { ReactElement } from 'react';
import type { PublicSurveyAnswer } from '../../../lib/dr/survey-contract.js';
import { LIKERT_LABELS, surveyText as t } from '../../../lib/dr/survey-text.js';
import type { FieldError } from '../../../lib/validation/admin-org.js';
import { CsrfField } from '../../components/CsrfField.js';
import { ErrorSummary } from '../../components/form/ErrorSummary.js';
import { DrPublicMessage } from './DrPublicMessage.js';

export type DrPublicSurveyPageProps =
  | { state: 'form'; token: string; survey: PublicSurveyAnswer; values: Readonly<Record<string, string>>; errors: readonly FieldError[] }
  | { state: 'message'; message: string };

export function DrPublicSurveyPage(props: DrPublicSurveyPageProps): ReactElement {
  if (props.state === 'message') return <DrPublicMessage title={t.publicTitle} message={props.message} testId="survey-message" />;
  const { survey, values, errors, token } = props;
  const errorOf = (seq: number) => errors.find((e) => e.field === `answers.${seq}`)?.message;
  return (
    <div className="grid-row">
      <div className="tablet:grid-col-10 desktop:grid-col-8">
        <h1>{survey.name}</h1>
        <p>{t.publicIntro}</p>
        <ErrorSummary errors={errors.map((e) => ({ field: `answer-${e.field.replace('answers.', '')}`, message: e.message }))} />
        <form method="post" action={`/dr-public/survey/${encodeURIComponent(token)}`} className="usa-form usa-form--large">
          <CsrfField />
          {survey.questions.map((q) => {
            const id = `answer-${q.seq}`;
            const error = errorOf(q.seq);
            const value = values[id] ?? '';
            const label = (
              <>
                {q.seq}. {q.text} {q.required ? t.requiredMark : null}
              </>
            );
            const errorText = error ? <span className="usa-error-message" id={`${id}-error`}>{error}</span> : null;
            if (q.type === 'Text') {
              return (
                <div key={q.seq} className={`usa-form-group${error ? ' usa-form-group--error' : ''}`}>
                  <label className="usa-label" htmlFor={id}>{label}</label>
                  {errorText}
                  <textarea className="usa-textarea" id={id} name={id} maxLength={4000} defaultValue={value} aria-describedby={error ? `${id}-error` : undefined} />
                </div>
              );
            }
            const options = q.type === 'Likert5' ? [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: LIKERT_LABELS[n] ?? String(n) })) : [{ value: 'yes', label: t.yes }, { value: 'no', label: t.no }];
            return (
              <fieldset key={q.seq} className={`usa-fieldset margin-top-3${error ? ' usa-form-group--error' : ''}`} aria-describedby={error ? `${id}-error` : undefined}>
                <legend className="usa-legend">{label}</legend>
                {errorText}
                {options.map((o, i) => (
                  <div className="usa-radio" key={o.value}>
                    <input className="usa-radio__input" type="radio" id={i === 0 ? id : `${id}-${o.value}`} name={id} value={o.value} defaultChecked={value === o.value} />
                    <label className="usa-radio__label" htmlFor={i === 0 ? id : `${id}-${o.value}`}>{o.label}</label>
                  </div>
                ))}
              </fieldset>
            );
          })}
          <button type="submit" className="usa-button margin-top-3">{t.submit}</button>
        </form>
      </div>
    </div>
  );
}
