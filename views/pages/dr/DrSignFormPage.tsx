// The public sign-form (/sign-form/:token, DR spec §4.11): signed out, in the public layout. The
// document (request summary, agreement to participate, resolution meeting waiver) or the three
// offered hearing officers to rank with three selects, a typed name, the signature checkbox and
// 'Sign'. After signing, or for a used, expired or unknown link, one message. Works without JavaScript.
import type { ReactElement } from 'react';
import type { SignDocumentDto } from '../../../lib/dr/sign-contract.js';
import { signText as t } from '../../../lib/dr/sign-text.js';
import type { FieldError } from '../../../lib/validation/admin-org.js';
import { CsrfField } from '../../components/CsrfField.js';
import { ErrorSummary } from '../../components/form/ErrorSummary.js';
import { DrPublicMessage } from './DrPublicMessage.js';

export type DrSignFormPageProps =
  | { state: 'form'; token: string; doc: SignDocumentDto; values: Readonly<Record<string, string>>; errors: readonly FieldError[] }
  | { state: 'message'; message: string };

const RANKS = ['rank-1', 'rank-2', 'rank-3'] as const;

export function DrSignFormPage(props: DrSignFormPageProps): ReactElement {
  if (props.state === 'message') return <DrPublicMessage title={t.pageTitle} message={props.message} testId="sign-message" />;
  const { doc, values, errors, token } = props;
  const choice = doc.purpose === 4;
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const group = (field: string) => `usa-form-group${errorOf(field) ? ' usa-form-group--error' : ''}`;
  const errorText = (field: string, id: string) => {
    const e = errorOf(field);
    return e ? <span className="usa-error-message" id={`${id}-error`}>{e}</span> : null;
  };
  return (
    <div className="grid-row">
      <div className="tablet:grid-col-10 desktop:grid-col-8">
        <h1>{choice ? t.choiceTitle : doc.purposeName}</h1>
        <p>{choice ? t.choiceIntro : t.intro}</p>
        <ErrorSummary errors={errors.map((e) => ({ field: e.field === 'ranking' ? 'rank-1' : e.field, message: e.message }))} />
        <dl className="margin-y-2">
          {doc.caseNumber ? <><dt className="text-bold">{t.caseLabel}</dt><dd className="margin-left-0 margin-bottom-1">{doc.caseNumber}</dd></> : null}
          <dt className="text-bold">{t.typeLabel}</dt><dd className="margin-left-0 margin-bottom-1">{doc.disputeTypeName}</dd>
          {doc.leaName ? <><dt className="text-bold">{t.districtLabel}</dt><dd className="margin-left-0 margin-bottom-1">{doc.leaName}</dd></> : null}
          <dt className="text-bold">{t.studentLabel}</dt><dd className="margin-left-0 margin-bottom-1">{doc.studentInitials}</dd>
          {doc.issues.length ? <><dt className="text-bold">{t.issuesLabel}</dt><dd className="margin-left-0 margin-bottom-1">{doc.issues.join(', ')}</dd></> : null}
        </dl>
        {choice ? null : (
          <section className="usa-card margin-y-2" aria-labelledby="sign-document">
            <div className="usa-card__container">
              <div className="usa-card__header"><h2 className="usa-card__heading" id="sign-document">{t.documentLabel}</h2></div>
              <div className="usa-card__body"><p data-testid="sign-text">{doc.text}</p></div>
            </div>
          </section>
        )}
        <form method="post" action={`/sign-form/${encodeURIComponent(token)}`} className="usa-form usa-form--large">
          <CsrfField />
          {choice ? (
            <fieldset className={`usa-fieldset${errorOf('ranking') ? ' usa-form-group--error' : ''}`} aria-describedby={errorOf('ranking') ? 'rank-1-error' : undefined}>
              <legend className="usa-legend">{t.choiceTitle}</legend>
              {errorText('ranking', 'rank-1')}
              {RANKS.map((id, i) => (
                <div className="usa-form-group" key={id}>
                  <label className="usa-label" htmlFor={id}>{t.rankLabels[i]}</label>
                  <select className={`usa-select${errorOf('ranking') ? ' usa-input--error' : ''}`} id={id} name={id} defaultValue={values[id] ?? ''}>
                    <option value="">{t.choose}</option>
                    {doc.officers.map((o) => <option key={o.userId} value={o.userId}>{o.name}</option>)}
                  </select>
                </div>
              ))}
            </fieldset>
          ) : null}
          <div className={group('typedName')}>
            <label className="usa-label" htmlFor="typedName">{t.typedName}</label>
            {errorText('typedName', 'typedName')}
            <input className={`usa-input${errorOf('typedName') ? ' usa-input--error' : ''}`} id="typedName" name="typedName" autoComplete="name" maxLength={200} defaultValue={values.typedName ?? ''}
              aria-invalid={errorOf('typedName') ? true : undefined} aria-describedby={errorOf('typedName') ? 'typedName-error' : undefined} />
          </div>
          <div className={group('agreed')}>
            {errorText('agreed', 'agreed')}
            <div className="usa-checkbox">
              <input className="usa-checkbox__input" type="checkbox" id="agreed" name="agreed" value="on" defaultChecked={values.agreed === 'on'}
                aria-describedby={errorOf('agreed') ? 'agreed-error' : undefined} />
              <label className="usa-checkbox__label" htmlFor="agreed">{t.agree}</label>
            </div>
          </div>
          <button type="submit" className="usa-button margin-top-3">{t.sign}</button>
        </form>
      </div>
    </div>
  );
}
