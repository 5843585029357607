// Manage LEAs (/admin/manage-leas): the LEAs in their two groups, Districts and Charters (spec
// §3), each row linking to the LEA's edit page.
import type { ReactElement } from 'react';
import { adminOrgText as t, navText, shellText } from '../../../lib/messages.js';
import type { DataTableColumn } from '../../components/DataTable.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { linkColumn, ListTable } from './AdminOrgFields.js';

export interface LeaRow {
  id: number;
  name: string;
  leaCode: string;
  city: string | null;
  county: string | null;
  users: number;
  contacts: number;
}

export interface LeaListPageProps {
  districts: readonly LeaRow[];
  charters: readonly LeaRow[];
}

const columns: DataTableColumn<LeaRow>[] = [
  linkColumn('name', t.name, (r) => `/admin/manage-leas/${r.id}`, (r) => r.name),
  { key: 'leaCode', label: t.code, render: (r) => r.leaCode },
  { key: 'city', label: t.city, render: (r) => r.city ?? '' },
  { key: 'county', label: t.county, render: (r) => r.county ?? '' },
  { key: 'users', label: t.users, render: (r) => r.users, className: 'admin-org-number' },
  { key: 'contacts', label: t.contacts, render: (r) => r.contacts, className: 'admin-org-number' },
];

function Group({ id, heading, rows }: { id: string; heading: string; rows: readonly LeaRow[] }): ReactElement {
  return (
    <section className="admin-org-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <ListTable id={id} caption={heading} columns={columns} rows={rows} rowKey={(r) => r.id} />
    </section>
  );
}

export function LeaListPage({ districts, charters }: LeaListPageProps): ReactElement {
  return (
    <>
      <PageHeader
        title={navText.manageLeas}
        actions={
          <>
            <a className="usa-button" href="/admin/manage-leas/new">
              {t.addLea}
            </a>
            <a className="usa-button usa-button--outline" href="/admin/manage-leas/school-years">
              {t.manageSchoolYears}
            </a>
          </>
        }
      />
      <Group id="districts" heading={shellText.districts} rows={districts} />
      <Group id="charters" heading={shellText.charters} rows={charters} />
    </>
  );
}
