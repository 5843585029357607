// The neutral roster (/dispute-resolution/neutrals, DR spec §4.9): per type, everyone holding the
// type's role, with active, languages, open cases against the maximum, last assigned and (hearing
// and review officers) the annual training; the next in rotation marked. Each row's settings are
// a plain form, so it works without JavaScript.
import type { ReactElement } from 'react';
import { formatDateTime, formatDay } from '../../../lib/dates.js';
import { drText as t } from '../../../lib/dr/page-text.js';
import type { FieldError } from '../../../lib/validation/admin-org.js';
import { CsrfField } from '../../components/CsrfField.js';
import { ErrorSummary } from '../../components/form/ErrorSummary.js';
import { PageHeader } from '../../shell/PageHeader.js';

export const NEUTRALS_PATH = '/dispute-resolution/neutrals';
export const NEUTRAL_TYPE_LABELS = ['', 'Facilitator', 'Mediator', 'Hearing officer', 'Review officer', 'Investigator', 'Inspector'];

export interface RosterRow {
  userId: string;
  name: string;
  email: string;
  type: number;
  active: boolean;
  activeCases: number;
  maxActiveCases: number;
  trainedOn: string | null;
  languages: string[];
  lastAssignedAt: string | null;
  nextInRotation: boolean;
}

export interface DrNeutralsPageProps {
  roster: readonly RosterRow[];
  tz: string;
  /** A refused row: its key (userId:type), errors and typed values. */
  refused: { key: string; errors: readonly FieldError[]; values: Readonly<Record<string, string>> } | null;
}

function Row({ n, p }: { n: RosterRow; p: DrNeutralsPageProps }): ReactElement {
  const key = `${n.userId}-${n.type}`;
  const refused = p.refused?.key === `${n.userId}:${n.type}` ? p.refused : null;
  const value = (field: string, fallback: string) => refused?.values[field] ?? fallback;
  const training = n.type === 3 || n.type === 4;
  return (
    <tr data-neutral={n.email}>
      <th scope="row" data-label={t.roster.name}>
        {n.name}
        {n.nextInRotation ? <span className="usa-tag margin-left-1">{t.neutrals.next}</span> : null}
      </th>
      <td data-label={t.roster.openCases}>{`${n.activeCases} / ${n.maxActiveCases}`}</td>
      <td data-label={t.roster.lastAssigned}>{n.lastAssignedAt ? formatDateTime(n.lastAssignedAt, p.tz) : t.roster.never}</td>
      <td data-label={t.roster.settings}>
        <form method="post" action={`${NEUTRALS_PATH}/${n.userId}/${n.type}`} className="dr-roster-form">
          <CsrfField />
          {refused ? <ErrorSummary errors={refused.errors} id={`roster-errors-${key}`} autoFocus={false} /> : null}
          <div className="usa-checkbox">
            <input className="usa-checkbox__input" type="checkbox" id={`active-${key}`} name="isActive" value="on" defaultChecked={refused ? refused.values.isActive === 'on' : n.active} />
            <label className="usa-checkbox__label" htmlFor={`active-${key}`}>{t.roster.active}<span className="usa-sr-only"> ({n.name})</span></label>
          </div>
          <label className="usa-label" htmlFor={`languages-${key}`}>{t.roster.languages}<span className="usa-sr-only"> ({n.name})</span></label>
          <input className="usa-input" id={`languages-${key}`} name="languages" maxLength={200} defaultValue={value('languages', n.languages.join(', '))} />
          <label className="usa-label" htmlFor={`max-${key}`}>{t.roster.maxActiveCases}<span className="usa-sr-only"> ({n.name})</span></label>
          <input className="usa-input usa-input--small" id={`max-${key}`} name="maxActiveCases" inputMode="numeric" maxLength={3} defaultValue={value('maxActiveCases', String(n.maxActiveCases))} />
          {training ? (
            <>
              <label className="usa-label" htmlFor={`training-${key}`}>{t.roster.training}<span className="usa-sr-only"> ({n.name})</span></label>
              {n.trainedOn ? <span className="usa-hint" id={`training-hint-${key}`}>{formatDay(n.trainedOn)}</span> : null}
              <input className="usa-input" type="date" id={`training-${key}`} name="lastAnnualTrainingDate" defaultValue={value('lastAnnualTrainingDate', n.trainedOn ?? '')} />
            </>
          ) : null}
          <button type="submit" className="usa-button usa-button--outline margin-top-1">{t.roster.save}<span className="usa-sr-only"> ({n.name})</span></button>
        </form>
      </td>
    </tr>
  );
}

export function DrNeutralsPage(p: DrNeutralsPageProps): ReactElement {
  return (
    <>
      <PageHeader title={t.roster.title} backHref="/dispute-resolution/dashboard" />
      {[1, 2, 3, 4, 5, 6].map((type) => {
        const rows = p.roster.filter((n) => n.type === type);
        return (
          <section key={type} aria-labelledby={`roster-${type}`} className="margin-bottom-4">
            <h2 id={`roster-${type}`}>{NEUTRAL_TYPE_LABELS[type]}</h2>
            {rows.length === 0 ? (
              <p>{t.roster.none}</p>
            ) : (
              <table className="usa-table usa-table--borderless usa-table--stacked width-full">
                <caption className="usa-sr-only">{NEUTRAL_TYPE_LABELS[type]}</caption>
                <thead>
                  <tr>{[t.roster.name, t.roster.openCases, t.roster.lastAssigned, t.roster.settings].map((h) => <th key={h} scope="col">{h}</th>)}</tr>
                </thead>
                <tbody>{rows.map((n) => <Row key={`${n.userId}-${n.type}`} n={n} p={p} />)}</tbody>
              </table>
            )}
          </section>
        );
      })}
    </>
  );
}
