// 'Add child' (/child-search/child-list/new) and 'Edit child' (/child-search/status/{id}/edit),
// ECO spec §3.2 and §3.6: one form, the child's fields, school, disability and entry date; the
// edit carries the child's version so a stale save is refused (§3.0). The API's §5 messages come
// back in the error summary and at their fields.
import type { ReactElement } from 'react';
import { ecoChildText as t } from '../../../lib/eco/child-text.js';
import { CsrfField } from '../../components/CsrfField.js';
import { ErrorSummary } from '../../components/form/ErrorSummary.js';
import { SelectField } from '../../components/form/SelectField.js';
import { TextField } from '../../components/form/TextField.js';
import { PageHeader } from '../../shell/PageHeader.js';
import type { Option } from './EcoChildListPage.js';

export interface ChildFormValues {
  stateStudentId: string;
  firstName: string;
  middleName: string;
  lastName: string;
  birthDate: string;
  entryDate: string;
  disabilityCategory: string;
  schoolId: string;
  version: string;
}

export interface EcoChildFormPageProps {
  title: string;
  action: string;
  cancelHref: string;
  values: ChildFormValues;
  errors: readonly { field: string; message: string }[];
  schools: Option[];
  disabilities: Option[];
  hasEntryDate: boolean;
  withVersion: boolean;
}

const FIELDS = ['stateStudentId', 'firstName', 'middleName', 'lastName', 'birthDate', 'entryDate', 'disabilityCategory', 'schoolId'] as const;

export function EcoChildFormPage({ title, action, cancelHref, values: v, errors, schools, disabilities, hasEntryDate, withVersion }: EcoChildFormPageProps): ReactElement {
  const fieldError = (f: string) => errors.find((e) => e.field === f)?.message;
  const labels: Record<string, string> = {
    stateStudentId: t.ssid,
    firstName: t.firstName,
    middleName: t.middleName,
    lastName: t.lastName,
    birthDate: t.birthDate,
    entryDate: t.entryDate,
    disabilityCategory: t.disability,
    schoolId: t.school,
  };
  const known = new Set<string>(FIELDS);
  return (
    <>
      <PageHeader title={title} backHref={cancelHref} />
      <ErrorSummary errors={errors.map((e) => ({ field: known.has(e.field) ? e.field : undefined, message: e.message }))} fieldLabels={labels} />
      <form method="post" action={action} className="usa-form usa-form--large" noValidate>
        <CsrfField />
        {withVersion ? <input type="hidden" name="version" value={v.version} /> : null}
        <fieldset className="usa-fieldset">
          <legend className="usa-legend usa-legend--large">{t.childDetails}</legend>
          <TextField id="stateStudentId" label={t.ssid} hint={t.ssidHint} value={v.stateStudentId} error={fieldError('stateStudentId')} inputMode="numeric" maxLength={10} required />
          <TextField id="firstName" label={t.firstName} value={v.firstName} error={fieldError('firstName')} maxLength={50} required autoComplete="off" />
          <TextField id="middleName" label={t.middleName} value={v.middleName} error={fieldError('middleName')} maxLength={50} autoComplete="off" />
          <TextField id="lastName" label={t.lastName} value={v.lastName} error={fieldError('lastName')} maxLength={50} required autoComplete="off" />
          <TextField id="birthDate" label={t.birthDate} type="date" hint={t.dateHint} value={v.birthDate} error={fieldError('birthDate')} required />
          {hasEntryDate ? <TextField id="entryDate" label={t.entryDate} type="date" hint={t.dateHint} value={v.entryDate} error={fieldError('entryDate')} required /> : null}
          <SelectField id="schoolId" label={t.school} value={v.schoolId} error={fieldError('schoolId')} options={[{ value: '', label: t.noSchool }, ...schools]} />
          <SelectField id="disabilityCategory" label={t.disability} value={v.disabilityCategory} error={fieldError('disabilityCategory')} options={[{ value: '', label: t.selectOne }, ...disabilities]} />
        </fieldset>
        <button type="submit" className="usa-button">
          {t.save}
        </button>
        <a className="usa-button usa-button--outline" href={cancelHref}>
          {t.cancel}
        </a>
      </form>
    </>
  );
}
