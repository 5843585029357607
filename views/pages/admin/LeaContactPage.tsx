// Add or edit one contact of an LEA (/admin/manage-leas/:id/contacts/new and /:contactId), with
// Remove on the edit page.
import type { ReactElement } from 'react';
import { adminOrgText as t } from '../../../lib/messages.js';
import { errorMap, type ContactForm, type FieldError } from '../../../lib/validation/admin-org.js';
import { CsrfField } from '../../components/CsrfField.js';
import { TextField } from '../../components/form/TextField.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { DeleteButton, FormActions, FormErrors } from './AdminOrgFields.js';

export interface LeaContactPageProps {
  title: string;
  leaId: number;
  leaName: string;
  /** Absent when adding a contact. */
  contactId?: number;
  values: ContactForm;
  errors: readonly FieldError[];
}

export function LeaContactPage({ title, leaId, leaName, contactId, values, errors }: LeaContactPageProps): ReactElement {
  const leaHref = `/admin/manage-leas/${leaId}`;
  const action = contactId === undefined ? `${leaHref}/contacts/new` : `${leaHref}/contacts/${contactId}`;
  const e = errorMap(errors);
  return (
    <>
      <PageHeader title={title} backHref={leaHref} />
      <FormErrors errors={errors} />
      <form method="post" action={action} className="usa-form usa-form--large admin-org-form" noValidate>
        <CsrfField />
        <TextField id="name" label={t.contactName} value={values.name} error={e.name} required maxLength={200} autoComplete="off" />
        <TextField id="title" label={t.contactTitle} value={values.title} error={e.title} maxLength={200} autoComplete="off" />
        <TextField id="email" type="email" label={t.contactEmailLabel} value={values.email} error={e.email} required maxLength={254} autoComplete="off" />
        <TextField id="phone" type="tel" label={t.contactPhone} value={values.phone} error={e.phone} maxLength={50} autoComplete="off" />
        <FormActions submitLabel={contactId === undefined ? t.addContact : t.save} cancelHref={leaHref} />
      </form>
      {contactId !== undefined ? (
        <DeleteButton label={t.remove} message={t.removeContactQuestion(values.name, leaName)} action={`${action}/delete`} />
      ) : null}
    </>
  );
}
