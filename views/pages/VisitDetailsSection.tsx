// The "Visit details" step of /monitoring/visit: for users who may start visits
// (Monitoring.visit.init) a plain POST form (visit date, start and end time through the
// TimeInput island, number of student files through the NumbersOnlyInput island) that works
// without JavaScript; for users who may only view visits the saved details, read-only, in the
// spec §9 formats (weekday, ordinal day, month, year; 12-hour times).
import type { ReactElement } from 'react';
import { visitDetailsText as t } from '../../lib/messages.js';
import type { FieldError } from '../../lib/validation/admin-org.js';
import { VISIT_MAX_STUDENT_FILES, type VisitDetailsForm } from '../../lib/validation/visit-details.js';
import NumbersOnlyInput from '../../islands/NumbersOnlyInput.island.js';
import TimeInput from '../../islands/TimeInput.island.js';
import { CsrfField } from '../components/CsrfField.js';
import { ErrorSummary } from '../components/form/ErrorSummary.js';
import { TextField } from '../components/form/TextField.js';
import { Island } from '../Island.js';

export const VISIT_DETAILS_PATH = '/monitoring/visit/details';

/** The saved visit as the page shows it (already formatted). */
export interface VisitDetailsShown {
  visitDate: string;
  startTime: string;
  endTime: string;
  studentFileCount: string;
  lastUpdated: string;
}

export interface VisitDetailsSectionProps {
  /** 'edit': the form; 'view': the saved details only; 'no-lea': no LEA is selected. */
  mode: 'edit' | 'view' | 'no-lea';
  values: VisitDetailsForm;
  errors: readonly FieldError[];
  saved: VisitDetailsShown | null;
}

function SavedDetails({ saved }: { saved: VisitDetailsShown }): ReactElement {
  return (
    <>
      <dl className="visit-details__saved" data-testid="visit-details">
        <dt>{t.visitDate}</dt>
        <dd>{saved.visitDate}</dd>
        <dt>{t.startTime}</dt>
        <dd>{saved.startTime}</dd>
        <dt>{t.endTime}</dt>
        <dd>{saved.endTime}</dd>
        <dt>{t.studentFileCount}</dt>
        <dd>{saved.studentFileCount}</dd>
      </dl>
      <p className="usa-hint">{saved.lastUpdated}</p>
    </>
  );
}

export function VisitDetailsSection({ mode, values, errors, saved }: VisitDetailsSectionProps): ReactElement {
  const e: Record<string, string> = {};
  for (const err of errors) e[err.field] ??= err.message;
  return (
    <section className="monitoring-visit__step visit-details" aria-labelledby="visit-details-title">
      <h2 id="visit-details-title">{t.step}</h2>
      {mode === 'no-lea' ? <p className="usa-prose">{t.chooseLea}</p> : null}
      {mode === 'view' ? (
        <>
          {saved ? <SavedDetails saved={saved} /> : <p className="usa-prose">{t.notSavedYet}</p>}
          <p className="usa-prose">{t.viewOnly}</p>
        </>
      ) : null}
      {mode === 'edit' ? (
        <>
          <p className="usa-prose">{t.intro}</p>
          {saved ? <p className="usa-hint">{saved.lastUpdated}</p> : null}
          <ErrorSummary errors={errors.map((err) => (err.field === 'form' ? { message: err.message } : err))} id="visit-details-errors" />
          <form method="post" action={VISIT_DETAILS_PATH} className="usa-form usa-form--large visit-details__form" noValidate>
            <CsrfField />
            <TextField id="visitDate" type="date" label={t.visitDate} value={values.visitDate} error={e.visitDate} required autoComplete="off" />
            <Island name="TimeInput" component={TimeInput} props={{ id: 'startTime', label: t.startTime, value: values.startTime, error: e.startTime ?? null, required: true }} />
            <Island name="TimeInput" component={TimeInput} props={{ id: 'endTime', label: t.endTime, value: values.endTime, error: e.endTime ?? null, required: true }} />
            <Island
              name="NumbersOnlyInput"
              component={NumbersOnlyInput}
              props={{
                id: 'studentFileCount',
                label: t.studentFileCount,
                hint: t.studentFileCountHint(VISIT_MAX_STUDENT_FILES),
                value: values.studentFileCount,
                error: e.studentFileCount ?? null,
                required: true,
              }}
            />
            <button type="submit" className="usa-button">
              {t.save}
            </button>
          </form>
        </>
      ) : null}
    </section>
  );
}
