// School years (/admin/manage-leas/school-years): every year with how many LEAs report in it,
// which one is current (the portal's default year), adding a year, and choosing the current one.
import type { ReactElement } from 'react';
import type { AdminSchoolYear } from '../../../lib/contract.js';
import { adminOrgText as t } from '../../../lib/messages.js';
import { errorMap, type FieldError } from '../../../lib/validation/admin-org.js';
import type { DataTableColumn } from '../../components/DataTable.js';
import { CsrfField } from '../../components/CsrfField.js';
import { TextField } from '../../components/form/TextField.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { FormErrors, ListTable } from './AdminOrgFields.js';

export interface LeaSchoolYearsPageProps {
  years: readonly AdminSchoolYear[];
  values: { key: string; label: string };
  errors: readonly FieldError[];
}

function MakeCurrent({ year }: { year: AdminSchoolYear }): ReactElement {
  if (year.isCurrent) return <span className="usa-tag">{t.current}</span>;
  return (
    <form method="post" action="/admin/manage-leas/school-years/current" className="admin-org-inline-form">
      <CsrfField />
      <input type="hidden" name="key" value={year.key} />
      <button type="submit" className="usa-button usa-button--unstyled">
        {t.makeCurrent}
        <span className="usa-sr-only"> {year.key}</span>
      </button>
    </form>
  );
}

const columns: DataTableColumn<AdminSchoolYear>[] = [
  { key: 'key', label: t.yearKey, rowHeader: true, render: (y) => y.key },
  { key: 'label', label: t.yearLabel, render: (y) => y.label },
  { key: 'leaCount', label: t.leaCount, render: (y) => y.leaCount, className: 'admin-org-number' },
  { key: 'current', label: t.current, render: (y) => <MakeCurrent year={y} /> },
];

export function LeaSchoolYearsPage({ years, values, errors }: LeaSchoolYearsPageProps): ReactElement {
  const e = errorMap(errors);
  return (
    <>
      <PageHeader title={t.schoolYearsTitle} backHref="/admin/manage-leas" />
      <FormErrors errors={errors} />
      <ListTable id="school-years" caption={t.schoolYearsCaption} columns={columns} rows={years} rowKey={(y) => y.key} />
      <section className="admin-org-section" aria-labelledby="add-year-heading">
        <h2 id="add-year-heading">{t.addSchoolYear}</h2>
        <form method="post" action="/admin/manage-leas/school-years" className="usa-form" noValidate>
          <CsrfField />
          <TextField id="key" label={t.yearKey} hint={t.yearKeyHint} value={values.key} error={e.key} required maxLength={9} autoComplete="off" />
          <TextField id="label" label={t.yearLabel} hint={t.yearLabelHint} value={values.label} error={e.label} maxLength={50} autoComplete="off" />
          <button type="submit" className="usa-button">
            {t.addSchoolYear}
          </button>
        </form>
      </section>
    </>
  );
}
