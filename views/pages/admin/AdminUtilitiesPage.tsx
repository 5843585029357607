// Admin Utilities (/admin/admin-utils): the build version and the health of Redis, the agency
// API and its database; ending every session of a user at once; sending a test email.
import type { ReactElement } from 'react';
import { adminOrgText as t, navText } from '../../../lib/messages.js';
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

export interface AdminUtilitiesPageProps {
  status: readonly StatusRow[];
  endSessions: { email: string };
  testEmail: { to: string };
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

export function AdminUtilitiesPage({ status, endSessions, testEmail, errors }: AdminUtilitiesPageProps): ReactElement {
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
    </>
  );
}
