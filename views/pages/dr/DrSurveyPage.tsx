// One survey (/dispute-resolution/survey-manager/:id, DR spec §4.7): its details and the question
// editor as plain forms (add, change text, type and required, move up or down, delete) while it has
// no responses, then the results: per question n, mean, percent Agree, percent Yes and the text
// answers without identifiers, and the breakdowns by type, LEA and year, hidden under 3 responses.
import type { ReactElement } from 'react';
import { TYPE_NAMES } from '../../../lib/dr/contract.js';
import type { BreakdownGroup, SurveyAnswer, SurveyResultsAnswer } from '../../../lib/dr/survey-contract.js';
import { QUESTION_TYPE_LABELS, QUESTION_TYPES, surveyMessages, surveyText as t } from '../../../lib/dr/survey-text.js';
import type { FieldError } from '../../../lib/validation/admin-org.js';
import { CsrfField } from '../../components/CsrfField.js';
import { ErrorSummary } from '../../components/form/ErrorSummary.js';
import { SelectField } from '../../components/form/SelectField.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { PostButton, RowAction, SURVEY_MANAGER_PATH, surveyHref, SurveyDetailsFields } from './DrSurveyManagerPage.js';

export interface DrSurveyPageProps {
  survey: SurveyAnswer;
  results: SurveyResultsAnswer;
  /** The form refused on this page (details, add, or q<seq>), with why. */
  refused: { form: string; errors: readonly FieldError[] } | null;
}

function QuestionFields({ idPrefix, text, type, required, errors }: { idPrefix: string; text: string; type: string; required: boolean; errors: readonly FieldError[] }): ReactElement {
  const textError = errors.find((e) => e.field.endsWith('text'))?.message;
  return (
    <>
      <div className={`usa-form-group${textError ? ' usa-form-group--error' : ''}`}>
        <label className="usa-label" htmlFor={`${idPrefix}text`}>{t.questionText}</label>
        {textError ? <span className="usa-error-message" id={`${idPrefix}text-error`}>{textError}</span> : null}
        <textarea className="usa-textarea" id={`${idPrefix}text`} name="text" maxLength={600} rows={2} required defaultValue={text} aria-describedby={textError ? `${idPrefix}text-error` : undefined} />
      </div>
      <SelectField id={`${idPrefix}type`} name="type" label={t.questionType} value={type} options={QUESTION_TYPES.map((q) => ({ value: q, label: QUESTION_TYPE_LABELS[q] }))} />
      <div className="usa-checkbox margin-top-2">
        <input className="usa-checkbox__input" type="checkbox" id={`${idPrefix}required`} name="required" value="on" defaultChecked={required} />
        <label className="usa-checkbox__label" htmlFor={`${idPrefix}required`}>{t.required}</label>
      </div>
    </>
  );
}

function Breakdown({ title, groups, questions }: { title: string; groups: readonly BreakdownGroup[]; questions: SurveyResultsAnswer['questions'] }): ReactElement {
  const scored = questions.filter((q) => q.type !== 'Text');
  return (
    <>
      <h3>{title}</h3>
      <div className="usa-table-container--scrollable" tabIndex={0}>
        <table className="usa-table usa-table--borderless">
          <caption className="usa-sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t.group}</th>
              <th scope="col">{t.responses}</th>
              {scored.map((q) => <th scope="col" key={q.seq}>{q.seq}. {q.type === 'Likert5' ? `${t.mean} / ${t.percentAgree}` : t.percentYes}</th>)}
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <tr key={g.label}>
                <th scope="row">{g.label}</th>
                {g.hidden ? (
                  <td colSpan={1 + scored.length}>{g.notice}</td>
                ) : (
                  <>
                    <td>{g.responses}</td>
                    {g.questions.map((q) => <td key={q.seq}>{q.type === 'Likert5' ? `${q.mean || '—'} / ${q.percentAgree}` : q.percentYes}</td>)}
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function DrSurveyPage({ survey, results, refused }: DrSurveyPageProps): ReactElement {
  const base = surveyHref(survey.id);
  const editable = survey.responses === 0;
  const errorsOf = (form: string) => (refused?.form === form ? refused.errors : []);
  const what = `${survey.name}, ${t.version} ${survey.version}`;
  return (
    <>
      <PageHeader title={survey.name} backHref={SURVEY_MANAGER_PATH} />
      <p>
        {t.status}: {survey.status} · {t.version} {survey.version} · {survey.disputeTypes.map((x) => TYPE_NAMES[x] ?? String(x)).join(', ')} · {t.audience}: {survey.audience}
      </p>
      <ErrorSummary errors={(refused?.errors ?? []).map((e) => ({ message: e.message }))} />
      <div>
        <RowAction id={survey.id} action="copy" label={t.copy} what={what} fromSurvey />
        {survey.status === 'Draft' ? <RowAction id={survey.id} action="activate" label={t.activate} what={what} fromSurvey /> : null}
        {survey.status !== 'Retired' ? <RowAction id={survey.id} action="retire" label={t.retire} what={what} fromSurvey /> : null}
      </div>
      {editable ? (
        <>
          <form method="post" action={base} className="usa-form usa-form--large margin-top-3">
            <CsrfField />
            <fieldset className="usa-fieldset">
              <legend className="usa-legend usa-legend--large">{t.surveyDetails}</legend>
              <SurveyDetailsFields values={{ name: survey.name, disputeTypes: survey.disputeTypes.map(String), audience: survey.audience }} errors={errorsOf('details')} idPrefix="details-" />
              <button type="submit" className="usa-button margin-top-2">{t.save}</button>
            </fieldset>
          </form>
          <h2>{t.questions}</h2>
          {survey.questions.length === 0 ? <p>{t.noQuestions}</p> : null}
          <ol className="usa-list usa-list--unstyled" data-testid="questions">
            {survey.questions.map((q, i) => (
              <li key={q.seq} className="border-bottom-1px border-base-lighter padding-y-2">
                <form method="post" action={`${base}/questions/${q.seq}`} className="usa-form usa-form--large">
                  <CsrfField />
                  <fieldset className="usa-fieldset">
                    <legend className="usa-legend">{t.questionText} {q.seq}</legend>
                    <QuestionFields idPrefix={`q${q.seq}-`} text={q.text} type={q.type} required={q.required} errors={errorsOf(`q${q.seq}`)} />
                    <button type="submit" className="usa-button margin-top-2">{t.save}<span className="usa-sr-only"> {t.questionText} {q.seq}</span></button>
                  </fieldset>
                </form>
                <div className="margin-top-1">
                  {i > 0 ? <PostButton action={`${base}/questions/${q.seq}/up`} label={t.moveUp} what={`${t.questionText} ${q.seq}`} /> : null}
                  {i < survey.questions.length - 1 ? <PostButton action={`${base}/questions/${q.seq}/down`} label={t.moveDown} what={`${t.questionText} ${q.seq}`} /> : null}
                  <PostButton action={`${base}/questions/${q.seq}/delete`} label={t.delete} what={`${t.questionText} ${q.seq}`} />
                </div>
              </li>
            ))}
          </ol>
          <form method="post" action={`${base}/questions`} className="usa-form usa-form--large margin-top-3">
            <CsrfField />
            <fieldset className="usa-fieldset">
              <legend className="usa-legend usa-legend--large">{t.addQuestion}</legend>
              <QuestionFields idPrefix="add-" text="" type="Likert5" required={false} errors={errorsOf('add')} />
              <button type="submit" className="usa-button margin-top-2">{t.addQuestion}</button>
            </fieldset>
          </form>
        </>
      ) : (
        <>
          <div className="usa-alert usa-alert--info usa-alert--slim margin-y-2">
            <div className="usa-alert__body"><p className="usa-alert__text">{surveyMessages.answeredNoEdit}</p></div>
          </div>
          <h2>{t.questions}</h2>
          <ol className="usa-list" data-testid="questions">
            {survey.questions.map((q) => <li key={q.seq}>{q.text} ({QUESTION_TYPE_LABELS[q.type]}, {q.required ? t.required : t.optional})</li>)}
          </ol>
        </>
      )}
      <h2>{t.results}</h2>
      <p data-testid="survey-totals">
        {t.invitations}: {results.invitations} · {t.responses}: {results.responses} · {t.responseRate}: {results.responseRate}
      </p>
      <div className="usa-table-container--scrollable" tabIndex={0}>
        <table className="usa-table usa-table--borderless" data-testid="results">
          <caption className="usa-sr-only">{t.results}</caption>
          <thead>
            <tr>{[t.questionText, t.n, t.mean, t.percentAgree, t.percentYes].map((h) => <th scope="col" key={h}>{h}</th>)}</tr>
          </thead>
          <tbody>
            {results.questions.filter((q) => q.type !== 'Text').map((q) => (
              <tr key={q.seq}>
                <th scope="row">{q.seq}. {q.text}</th>
                <td>{q.n}</td>
                <td>{q.mean}</td>
                <td>{q.percentAgree}</td>
                <td>{q.percentYes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {results.questions.filter((q) => q.type === 'Text').map((q) => (
        <section key={q.seq}>
          <h3>{q.seq}. {q.text}</h3>
          {q.texts.length ? <ul className="usa-list">{q.texts.map((x, i) => <li key={i}>{x}</li>)}</ul> : <p>{t.noTextAnswers}</p>}
        </section>
      ))}
      <h2>{t.breakdowns}</h2>
      <Breakdown title={t.byType} groups={results.breakdowns.type} questions={results.questions} />
      <Breakdown title={t.byLea} groups={results.breakdowns.lea} questions={results.questions} />
      <Breakdown title={t.byYear} groups={results.breakdowns.year} questions={results.questions} />
    </>
  );
}
