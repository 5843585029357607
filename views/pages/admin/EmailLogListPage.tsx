// Email Logs (/admin/email-logs): the emails the agency API sent, newest first, filtered by
// recipient, subject, date range and delivery status; each opens its own page.
import type { ReactElement } from 'react';
import { adminOrgText as t, navText } from '../../../lib/messages.js';
import type { TableConfig, TableState } from '../../../lib/table-query.js';
import { errorMap, type EmailLogFilter, type FieldError } from '../../../lib/validation/admin-org.js';
import { DataTable, type DataTableColumn } from '../../components/DataTable.js';
import { TextField } from '../../components/form/TextField.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { FormErrors, linkColumn } from './AdminOrgFields.js';
import { SelectField } from './UsersFormFields.js';

export interface EmailLogRow {
  id: number;
  sentAt: string;
  to: string;
  subject: string;
  status: 'Logged' | 'Sent' | 'Failed';
}

export interface EmailLogListPageProps {
  filter: EmailLogFilter;
  errors: readonly FieldError[];
  /** null when the filter is not valid (nothing was searched). */
  rows: readonly EmailLogRow[] | null;
  total: number;
  state: TableState;
  config: TableConfig;
  keep: Record<string, string>;
}

export const statusLabel: Record<EmailLogRow['status'], string> = {
  Logged: t.statusLogged,
  Sent: t.statusSent,
  Failed: t.statusFailed,
};

const columns: DataTableColumn<EmailLogRow>[] = [
  { key: 'sentAt', label: t.sentAt, rowHeader: true, render: (r) => r.sentAt },
  { key: 'to', label: t.recipient, render: (r) => r.to },
  linkColumn('subject', t.subject, (r) => `/admin/email-logs/${r.id}`, (r) => r.subject, false),
  { key: 'status', label: t.status, render: (r) => statusLabel[r.status] },
];

export function EmailLogListPage({ filter, errors, rows, total, state, config, keep }: EmailLogListPageProps): ReactElement {
  const e = errorMap(errors);
  return (
    <>
      <PageHeader title={navText.emailLogs} />
      <FormErrors errors={errors} />
      <form method="get" action="/admin/email-logs" className="admin-org-filter admin-org-filter--grid" aria-labelledby="email-filter-heading" noValidate>
        <h2 id="email-filter-heading" className="usa-sr-only">
          {t.filterEmails}
        </h2>
        <TextField id="to" label={t.recipient} value={filter.to} error={e.to} maxLength={254} autoComplete="off" />
        <TextField id="subject" label={t.subject} value={filter.subject} error={e.subject} maxLength={200} autoComplete="off" />
        <SelectField
          id="status"
          label={t.status}
          value={filter.status}
          error={e.status}
          options={[{ value: '', label: t.anyStatus }, ...Object.entries(statusLabel).map(([value, label]) => ({ value, label }))]}
        />
        <TextField id="from" label={t.fromDate} hint={t.dateHint} value={filter.from} error={e.from} maxLength={10} autoComplete="off" />
        <TextField id="until" label={t.untilDate} hint={t.dateHint} value={filter.until} error={e.until} maxLength={10} autoComplete="off" />
        <div className="button-row">
          <button type="submit" className="usa-button">
            {t.search}
          </button>
          <a className="usa-button usa-button--outline" href="/admin/email-logs">
            {t.clearFilter}
          </a>
        </div>
      </form>
      {rows ? (
        <DataTable
          id="email-logs"
          caption={t.emailsCaption}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          state={state}
          config={config}
          total={total}
          basePath="/admin/email-logs"
          keep={keep}
        />
      ) : null}
    </>
  );
}
