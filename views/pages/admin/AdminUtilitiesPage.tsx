// Admin Utilities (/admin/admin-utils): the build version and the health of Redis, the agency
// API and its database; ending every session of a user at once; sending a test email; for site
// admins, running a scheduled job of the API for a chosen day.
import type { ReactElement } from 'react';
import { adminOrgText as t, navText, uiText } from '../../../lib/messages.js';
import { jobText } from '../../../lib/shared/messages.js';
import { errorMap, type FieldError } from '../../../lib/validation/admin-org.js';
import type { DataTableColumn } from '../../components/DataTable.js';
import { CsrfField } from '../../components/CsrfField.js';
import { TextField } from '../../components/form/TextField.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { FormErrors, ListTable } from './AdminOrgFields.js';

export interface StatusRow {
  service: string;
  status: string;
  /** 'up' | 'down' | 'info': how the status is marked. */
  tone: 'up' | 'down' | 'info';
}

export interface JobRow {
  name: string;
  schedule: string;
  /** 'M/d/yyyy (status)' of the last run, or null. */
  lastRun: string | null;
}

export interface AdminUtilitiesPageProps {
  status: readonly StatusRow[];
  endSessions: { email: string };
  testEmail: { to: string };
  /** Site admins only: the API's scheduled jobs and the form's values. */
  jobs?: { rows: readonly JobRow[]; job: string; day: string } | null;
  errors: readonly FieldError[];
}

const toneClass: Record<StatusRow['tone'], string> = {
  up: 'admin-org-status admin-org-status--up',
  down: 'admin-org-status admin-org-status--down',
  info: 'admin-org-status',
};

const columns: DataTableColumn<StatusRow>[] = [
  { key: 'service', label: t.service, rowHeader: true, render: (r) => r.service },
  { key: 'status', label: t.status, render: (r) => <span className={toneClass[r.tone]}>{r.status}</span> },
];

/** A section with one email field and its button, posting to `action`. */
function EmailAction(props: { id: string; heading: string; intro: string; action: string; label: string; value: string; error?: string; button: string; secondary?: boolean }): ReactElement {
  return (
    <section className="admin-org-section" aria-labelledby={`${props.id}-heading`}>
      <h2 id={`${props.id}-heading`}>{props.heading}</h2>
      <p>{props.intro}</p>
      <form method="post" action={props.action} className="usa-form" noValidate>
        <CsrfField />
        <TextField id={props.id} type="email" label={props.label} value={props.value} error={props.error} required maxLength={254} autoComplete="off" />
        <button type="submit" className={`usa-button${props.secondary ? ' usa-button--secondary' : ''}`}>
          {props.button}
        </button>
      </form>
    </section>
  );
}

const jobColumns: DataTableColumn<JobRow>[] = [
  { key: 'name', label: jobText.job, rowHeader: true, render: (r) => r.name },
  { key: 'schedule', label: jobText.schedule, render: (r) => <code>{r.schedule}</code> },
  { key: 'lastRun', label: jobText.lastRun, render: (r) => r.lastRun ?? jobText.never },
];

/** Run any scheduled job for a chosen day: a plain form (select, date, button), no JavaScript needed. */
function RunJob({ rows, job, day, errors }: { rows: readonly JobRow[]; job: string; day: string; errors: Record<string, string> }): ReactElement {
  const jobError = errors.job;
  return (
    <section className="admin-org-section" aria-labelledby="run-job-heading">
      <h2 id="run-job-heading">{jobText.heading}</h2>
      <p>{jobText.intro}</p>
      <ListTable id="scheduled-jobs" caption={jobText.jobsCaption} columns={jobColumns} rows={rows} rowKey={(r) => r.name} />
      <form method="post" action="/admin/admin-utils/run-job" className="usa-form" noValidate>
        <CsrfField />
        <div className={`usa-form-group${jobError ? ' usa-form-group--error' : ''}`}>
          <label className={`usa-label${jobError ? ' usa-label--error' : ''}`} htmlFor="job">
            {jobText.job}
          </label>
          {jobError ? (
            <span className="usa-error-message" id="job-error">
              <span className="usa-sr-only">{uiText.errorPrefix}</span>
              {jobError}
            </span>
          ) : null}
          <select className={`usa-select${jobError ? ' usa-input--error' : ''}`} id="job" name="job" defaultValue={job} required aria-required aria-invalid={jobError ? true : undefined} aria-describedby={jobError ? 'job-error' : undefined}>
            <option value="">{jobText.chooseOption}</option>
            {rows.map((r) => (
              <option key={r.name} value={r.name}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        <TextField id="day" type="date" label={jobText.day} value={day} error={errors.day} required />
        <button type="submit" className="usa-button">
          {jobText.run}
        </button>
      </form>
    </section>
  );
}

export function AdminUtilitiesPage({ status, endSessions, testEmail, jobs, errors }: AdminUtilitiesPageProps): ReactElement {
  const e = errorMap(errors);
  return (
    <>
      <PageHeader title={navText.adminUtilities} />
      <FormErrors errors={errors} />
      <section className="admin-org-section" aria-labelledby="status-heading">
        <h2 id="status-heading">{t.systemStatus}</h2>
        <ListTable id="system-status" caption={t.statusCaption} columns={columns} rows={status} rowKey={(r) => r.service} />
      </section>
      <EmailAction
        id="email"
        heading={t.endSessions}
        intro={t.endSessionsIntro}
        action="/admin/admin-utils/end-sessions"
        label={t.userEmail}
        value={endSessions.email}
        error={e.email}
        button={t.endSessionsButton}
        secondary
      />
      <EmailAction
        id="to"
        heading={t.testEmail}
        intro={t.testEmailIntro}
        action="/admin/admin-utils/test-email"
        label={t.testEmailTo}
        value={testEmail.to}
        error={e.to}
        button={t.sendTestEmail}
      />
      {jobs ? <RunJob rows={jobs.rows} job={jobs.job} day={jobs.day} errors={e} /> : null}
    </>
  );
}
