// Add School (/admin/manage-schools/new) and Edit School (/admin/manage-schools/:id), with Delete.
import type { ReactElement } from 'react';
import { adminOrgText as t } from '../../../lib/messages.js';
import { errorMap, type FieldError, type SchoolForm } from '../../../lib/validation/admin-org.js';
import { CsrfField } from '../../components/CsrfField.js';
import { TextField } from '../../components/form/TextField.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { DeleteButton, FormActions, FormErrors, LastUpdated } from './AdminOrgFields.js';
import { SelectField } from './UsersFormFields.js';

export interface SchoolEditPageProps {
  title: string;
  values: SchoolForm;
  errors: readonly FieldError[];
  leas: readonly { id: number; name: string }[];
  /** Absent on Add School. */
  school?: { id: number; name: string; lastUpdated: string | null };
}

export function SchoolEditPage({ title, values, errors, leas, school }: SchoolEditPageProps): ReactElement {
  const e = errorMap(errors);
  const action = school ? `/admin/manage-schools/${school.id}` : '/admin/manage-schools/new';
  return (
    <>
      <PageHeader title={title} backHref="/admin/manage-schools" />
      {school ? <LastUpdated text={school.lastUpdated} /> : null}
      <FormErrors errors={errors} />
      <form method="post" action={action} className="usa-form usa-form--large admin-org-form" noValidate>
        <CsrfField />
        <SelectField
          id="leaId"
          label={t.schoolLea}
          value={values.leaId}
          error={e.leaId}
          options={[{ value: '', label: t.chooseLea }, ...leas.map((l) => ({ value: String(l.id), label: l.name }))]}
        />
        <TextField id="name" label={t.schoolName} value={values.name} error={e.name} required maxLength={200} autoComplete="off" />
        <TextField
          id="ziplineAPISchoolId"
          label={t.ziplineAPISchoolId}
          value={values.ziplineAPISchoolId}
          error={e.ziplineAPISchoolId}
          maxLength={50}
          autoComplete="off"
        />
        <FormActions submitLabel={school ? t.save : t.addSchool} cancelHref="/admin/manage-schools" />
      </form>
      {school ? <DeleteButton message={t.deleteQuestion(school.name)} action={`/admin/manage-schools/${school.id}/delete`} /> : null}
    </>
  );
}
