// Email templates (/dispute-resolution/email-templates, DR spec §4.8): the module's templates in a
// table of Code, Name, Subject, Active and Updated; the code links to the template's edit page.
import type { ReactElement } from 'react';
import { drText } from '../../../lib/dr/page-text.js';
import type { DataTableColumn } from '../../components/DataTable.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { linkColumn, ListTable, yesNo } from '../admin/AdminOrgFields.js';

export const EMAIL_TEMPLATES_PATH = '/dispute-resolution/email-templates';
const t = drText.emailTemplates;

export interface DrEmailTemplateRow {
  code: string;
  name: string;
  subject: string;
  isActive: boolean;
  /** Already written in the agency's time zone. */
  updated: string;
}

export interface DrEmailTemplatesPageProps {
  title: string;
  rows: readonly DrEmailTemplateRow[];
}

const columns: DataTableColumn<DrEmailTemplateRow>[] = [
  linkColumn('code', t.code, (r) => `${EMAIL_TEMPLATES_PATH}/${r.code}`, (r) => r.code),
  { key: 'name', label: t.name, render: (r) => r.name },
  { key: 'subject', label: t.subject, render: (r) => r.subject },
  { key: 'isActive', label: t.active, render: (r) => yesNo(r.isActive) },
  { key: 'updated', label: t.updated, render: (r) => r.updated },
];

export function DrEmailTemplatesPage({ title, rows }: DrEmailTemplatesPageProps): ReactElement {
  return (
    <>
      <PageHeader title={title} />
      {rows.length ? <ListTable id="dr-email-templates" caption={t.caption} columns={columns} rows={rows} rowKey={(r) => r.code} /> : <p>{t.none}</p>}
    </>
  );
}
