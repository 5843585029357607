// One email of the log (/admin/email-logs/:id). The body is shown as text (React escapes it):
// whatever markup a message holds is displayed, never run.
import type { ReactElement } from 'react';
import { adminOrgText as t } from '../../../lib/messages.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { statusLabel, type EmailLogRow } from './EmailLogListPage.js';

export interface EmailLogViewPageProps {
  title: string;
  email: EmailLogRow & { body: string; error: string | null };
}

export function EmailLogViewPage({ title, email }: EmailLogViewPageProps): ReactElement {
  return (
    <>
      <PageHeader title={title} backHref="/admin/email-logs" />
      <dl className="admin-org-facts">
        <dt>{t.recipient}</dt>
        <dd>{email.to}</dd>
        <dt>{t.subject}</dt>
        <dd>{email.subject}</dd>
        <dt>{t.sentAt}</dt>
        <dd>{email.sentAt}</dd>
        <dt>{t.status}</dt>
        <dd>{statusLabel[email.status]}</dd>
        {email.error ? (
          <>
            <dt>{t.deliveryError}</dt>
            <dd>{email.error}</dd>
          </>
        ) : null}
      </dl>
      <section className="admin-org-section" aria-labelledby="email-body-heading">
        <h2 id="email-body-heading">{t.emailBody}</h2>
        <pre className="admin-org-email-body">
          {email.body}
        </pre>
      </section>
    </>
  );
}
