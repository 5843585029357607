// Add LEA (/admin/manage-leas/new) and Edit LEA (/admin/manage-leas/:id): every field of an LEA
// (spec §3) in one form; on the edit page also its school years, its contacts (add, edit,
// remove) and its users, and Delete (refused by the API while users belong to the LEA).
import type { ReactElement } from 'react';
import { adminOrgText as t } from '../../../lib/messages.js';
import { errorMap, type FieldError, type LeaForm } from '../../../lib/validation/admin-org.js';
import { CheckboxField } from '../../components/form/CheckboxField.js';
import { TextField } from '../../components/form/TextField.js';
import { CsrfField } from '../../components/CsrfField.js';
import { PageHeader } from '../../shell/PageHeader.js';
import type { DataTableColumn } from '../../components/DataTable.js';
import { DeleteButton, EditLink, FormActions, FormErrors, LastUpdated, ListTable } from './AdminOrgFields.js';
import { CheckboxGroup, SelectField, firstCheckboxId } from './UsersFormFields.js';
import { roleLabels } from '../../../lib/role-label.js';

export interface LeaContactRow {
  id: number;
  name: string;
  title: string;
  email: string;
  phone: string;
}

export interface LeaUserRow {
  id: string;
  fullName: string;
  email: string;
  roles: string[];
  isEnabled: boolean;
}

/** What only the edit page has. */
export interface LeaEditExtras {
  id: number;
  name: string;
  /** Every school year, and those the LEA reports in. */
  years: readonly { key: string; label: string }[];
  leaYears: readonly string[];
  contacts: readonly LeaContactRow[];
  /** null: the user may not see the LEA's users. */
  users: readonly LeaUserRow[] | null;
  lastUpdated: string | null;
}

export interface LeaEditPageProps {
  title: string;
  values: LeaForm;
  errors: readonly FieldError[];
  /** Absent on Add LEA. */
  lea?: LeaEditExtras;
}

export function LeaFields({ values, errors }: { values: LeaForm; errors: readonly FieldError[] }): ReactElement {
  const e = errorMap(errors);
  return (
    <>
      <TextField id="name" label={t.leaName} value={values.name} error={e.name} required maxLength={200} autoComplete="off" />
      <TextField id="leaCode" label={t.leaCode} value={values.leaCode} error={e.leaCode} required maxLength={50} autoComplete="off" />
      <SelectField
        id="leaType"
        label={t.leaType}
        hint={t.leaTypeHint}
        value={values.leaType}
        error={e.leaType}
        options={[
          { value: 'District', label: t.leaTypeDistrict },
          { value: 'Charter', label: t.leaTypeCharter },
        ]}
      />
      <TextField id="contactEmail" type="email" label={t.contactEmail} value={values.contactEmail} error={e.contactEmail} maxLength={254} autoComplete="off" />
      <TextField id="streetAddress" label={t.streetAddress} value={values.streetAddress} error={e.streetAddress} maxLength={200} autoComplete="off" />
      <TextField id="city" label={t.city} value={values.city} error={e.city} maxLength={100} autoComplete="off" />
      <TextField id="county" label={t.county} value={values.county} error={e.county} maxLength={100} autoComplete="off" />
      <TextField id="zip" label={t.zip} hint={t.zipHint} value={values.zip} error={e.zip} maxLength={10} autoComplete="off" />
      <TextField
        id="ziplineAPIDistrictId"
        label={t.ziplineAPIDistrictId}
        value={values.ziplineAPIDistrictId}
        error={e.ziplineAPIDistrictId}
        maxLength={50}
        autoComplete="off"
      />
      <fieldset className="usa-fieldset usa-form-group">
        <legend className="usa-legend">{t.leaFlags}</legend>
        <CheckboxField id="isIncludedInCharterGroup" label={t.isIncludedInCharterGroup} checked={values.isIncludedInCharterGroup} />
        <CheckboxField id="isNdeLevelDistrict" label={t.isNdeLevelDistrict} checked={values.isNdeLevelDistrict} />
        <CheckboxField
          id="isStateSponsoredCharterAuthority"
          label={t.isStateSponsoredCharterAuthority}
          checked={values.isStateSponsoredCharterAuthority}
        />
      </fieldset>
    </>
  );
}

function SchoolYears({ lea }: { lea: LeaEditExtras }): ReactElement {
  return (
    <section className="admin-org-section" aria-labelledby="lea-years-heading">
      <h2 id="lea-years-heading">{t.leaSchoolYears}</h2>
      <form method="post" action={`/admin/manage-leas/${lea.id}/years`} noValidate>
        <CsrfField />
        <CheckboxGroup
          id="years"
          name="years"
          legend={t.leaSchoolYearsLegend}
          options={lea.years.map((y) => ({ value: y.key, label: y.label }))}
          checked={lea.leaYears}
          scroll={lea.years.length > 8}
        />
        <button type="submit" className="usa-button usa-button--outline">
          {t.saveSchoolYears}
        </button>
      </form>
    </section>
  );
}

const contactColumns = (leaId: number): DataTableColumn<LeaContactRow>[] => [
  { key: 'name', label: t.contactName, rowHeader: true, render: (c) => c.name },
  { key: 'title', label: t.contactTitle, render: (c) => c.title },
  { key: 'email', label: t.contactEmailLabel, render: (c) => c.email },
  { key: 'phone', label: t.contactPhone, render: (c) => c.phone },
  { key: 'actions', label: t.actions, hideLabel: true, render: (c) => <EditLink href={`/admin/manage-leas/${leaId}/contacts/${c.id}`} name={c.name} /> },
];

const userColumns: DataTableColumn<LeaUserRow>[] = [
  { key: 'name', label: t.name, rowHeader: true, render: (u) => u.fullName },
  { key: 'email', label: t.email, render: (u) => u.email },
  { key: 'roles', label: t.roles, render: (u) => roleLabels(u.roles) },
  { key: 'status', label: t.status, render: (u) => (u.isEnabled ? t.enabled : t.disabled) },
];

function Contacts({ lea }: { lea: LeaEditExtras }): ReactElement {
  return (
    <section className="admin-org-section" aria-labelledby="lea-contacts-heading">
      <h2 id="lea-contacts-heading">{t.contacts}</h2>
      <ListTable id="lea-contacts" caption={t.contactsCaption(lea.name)} columns={contactColumns(lea.id)} rows={lea.contacts} rowKey={(c) => c.id} />
      <a className="usa-button usa-button--outline" href={`/admin/manage-leas/${lea.id}/contacts/new`}>
        {t.addContact}
      </a>
    </section>
  );
}

function Users({ lea }: { lea: LeaEditExtras }): ReactElement | null {
  if (!lea.users) return null;
  return (
    <section className="admin-org-section" aria-labelledby="lea-users-heading">
      <h2 id="lea-users-heading">{t.users}</h2>
      <p className="usa-hint">{t.usersHint}</p>
      <ListTable id="lea-users" caption={t.usersCaption(lea.name)} columns={userColumns} rows={lea.users} rowKey={(u) => u.id} />
    </section>
  );
}

export function LeaEditPage({ title, values, errors, lea }: LeaEditPageProps): ReactElement {
  const action = lea ? `/admin/manage-leas/${lea.id}` : '/admin/manage-leas/new';
  return (
    <>
      <PageHeader title={title} backHref="/admin/manage-leas" />
      {lea ? <LastUpdated text={lea.lastUpdated} /> : null}
      <FormErrors errors={errors} fieldIds={{ years: firstCheckboxId('years') }} />
      <section className="admin-org-section" aria-labelledby="lea-details-heading">
        <h2 id="lea-details-heading">{t.leaDetails}</h2>
        <form method="post" action={action} className="usa-form usa-form--large admin-org-form" noValidate>
          <CsrfField />
          <LeaFields values={values} errors={errors} />
          <FormActions submitLabel={lea ? t.save : t.addLea} cancelHref="/admin/manage-leas" />
        </form>
        {lea ? <DeleteButton message={t.deleteQuestion(lea.name)} action={`/admin/manage-leas/${lea.id}/delete`} /> : null}
      </section>
      {lea ? (
        <>
          <SchoolYears lea={lea} />
          <Contacts lea={lea} />
          <Users lea={lea} />
        </>
      ) : null}
    </>
  );
}
