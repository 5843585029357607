// Manage Schools (/admin/manage-schools): every school the user may see, sorted and paged by the
// API (spec §3 School paging request), filtered by LEA, optionally ordered by LEA first.
import type { ReactElement } from 'react';
import { adminOrgText as t, navText } from '../../../lib/messages.js';
import type { TableConfig, TableState } from '../../../lib/table-query.js';
import { DataTable, type DataTableColumn } from '../../components/DataTable.js';
import { CheckboxField } from '../../components/form/CheckboxField.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { SelectField } from './UsersFormFields.js';
import { linkColumn } from './AdminOrgFields.js';

export interface SchoolRow {
  id: number;
  name: string;
  leaName: string;
  ziplineAPISchoolId: string | null;
}

export interface SchoolFilter {
  leaId: string;
  byLea: boolean;
}

export interface SchoolListPageProps {
  rows: readonly SchoolRow[];
  total: number;
  state: TableState;
  config: TableConfig;
  filter: SchoolFilter;
  leas: readonly { id: number; name: string }[];
  /** The filter's query parameters, kept in sort and page links. */
  keep: Record<string, string>;
}

const columns: DataTableColumn<SchoolRow>[] = [
  linkColumn('name', t.schoolName, (r) => `/admin/manage-schools/${r.id}`, (r) => r.name),
  { key: 'leaName', label: t.schoolLea, render: (r) => r.leaName },
  { key: 'ziplineAPISchoolId', label: t.ziplineAPISchoolId, render: (r) => r.ziplineAPISchoolId ?? '' },
];

export function SchoolListPage({ rows, total, state, config, filter, leas, keep }: SchoolListPageProps): ReactElement {
  return (
    <>
      <PageHeader
        title={navText.manageSchools}
        actions={
          <a className="usa-button" href="/admin/manage-schools/new">
            {t.addSchool}
          </a>
        }
      />
      <form method="get" action="/admin/manage-schools" className="admin-org-filter" aria-labelledby="school-filter-heading">
        <h2 id="school-filter-heading" className="usa-sr-only">
          {t.filterSchools}
        </h2>
        <SelectField
          id="leaId"
          label={t.schoolLea}
          value={filter.leaId}
          options={[{ value: '', label: t.allLeas }, ...leas.map((l) => ({ value: String(l.id), label: l.name }))]}
        />
        <CheckboxField id="byLea" label={t.orderByLea} checked={filter.byLea} />
        <div className="button-row">
          <button type="submit" className="usa-button">
            {t.filter}
          </button>
          <a className="usa-button usa-button--outline" href="/admin/manage-schools">
            {t.clearFilter}
          </a>
        </div>
      </form>
      <DataTable
        id="schools"
        caption={t.schoolsCaption}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        state={state}
        config={config}
        total={total}
        basePath="/admin/manage-schools"
        keep={keep}
      />
    </>
  );
}
