// Add or edit one item of a lookup list (/admin/list-manager/:id/items/new and /:itemId).
import type { ReactElement } from 'react';
import { adminOrgText as t } from '../../../lib/messages.js';
import { errorMap, type FieldError, type ListItemForm } from '../../../lib/validation/admin-org.js';
import { CheckboxField } from '../../components/form/CheckboxField.js';
import { TextField } from '../../components/form/TextField.js';
import { CsrfField } from '../../components/CsrfField.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { DeleteButton, FormActions, FormErrors } from './AdminOrgFields.js';

export interface ListItemPageProps {
  title: string;
  listId: number;
  /** Absent when adding. */
  itemId?: number;
  values: ListItemForm;
  errors: readonly FieldError[];
}

export function ListItemPage({ title, listId, itemId, values, errors }: ListItemPageProps): ReactElement {
  const e = errorMap(errors);
  const listHref = `/admin/list-manager/${listId}`;
  const action = itemId === undefined ? `${listHref}/items/new` : `${listHref}/items/${itemId}`;
  return (
    <>
      <PageHeader title={title} backHref={listHref} />
      <FormErrors errors={errors} />
      <form method="post" action={action} className="usa-form usa-form--large admin-org-form" noValidate>
        <CsrfField />
        <TextField id="label" label={t.itemLabel} value={values.label} error={e.label} required maxLength={200} autoComplete="off" />
        <TextField id="code" label={t.itemCode} hint={t.itemCodeHint} value={values.code} error={e.code} required maxLength={50} autoComplete="off" />
        <TextField id="sortOrder" label={t.itemOrder} hint={t.itemOrderHint} value={values.sortOrder} error={e.sortOrder} maxLength={7} autoComplete="off" />
        <CheckboxField id="isActive" label={t.isActiveLabel} checked={values.isActive} />
        <FormActions submitLabel={itemId === undefined ? t.addItem : t.save} cancelHref={listHref} />
      </form>
      {itemId !== undefined ? <DeleteButton message={t.deleteQuestion(values.label)} action={`${action}/delete`} /> : null}
    </>
  );
}
