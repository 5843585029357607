// Add List (/admin/list-manager/new) and a list's page (/admin/list-manager/:id): its name,
// code name, description and whether forms offer it; its items (code, label, order, active) with
// Add Item; Delete for lists that are not built in.
import type { ReactElement } from 'react';
import type { LookupListItem } from '../../../lib/contract.js';
import { adminOrgText as t } from '../../../lib/messages.js';
import { calendarText } from '../../../lib/shared/messages.js';
import { errorMap, type FieldError, type ListForm } from '../../../lib/validation/admin-org.js';
import type { DataTableColumn } from '../../components/DataTable.js';
import { CheckboxField } from '../../components/form/CheckboxField.js';
import { TextField } from '../../components/form/TextField.js';
import { CsrfField } from '../../components/CsrfField.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { DeleteButton, EditLink, FormActions, FormErrors, LastUpdated, ListTable, TextareaField, yesNo } from './AdminOrgFields.js';

export interface ListEditPageProps {
  title: string;
  values: ListForm;
  errors: readonly FieldError[];
  /** Absent on Add List. */
  list?: {
    id: number;
    displayName: string;
    isBuiltIn: boolean;
    items: readonly LookupListItem[];
    lastUpdated: string | null;
    /** The screen where the items are kept, for a list whose items live elsewhere (state-holidays). */
    itemsKeptOn?: { href: string; label: string } | null;
  };
}

const itemColumns = (listId: number, editable: boolean): DataTableColumn<LookupListItem>[] => [
  { key: 'label', label: t.itemLabel, rowHeader: true, render: (i) => i.label },
  { key: 'code', label: t.itemCode, render: (i) => <code>{i.code}</code> },
  { key: 'sortOrder', label: t.itemOrder, render: (i) => i.sortOrder, className: 'admin-org-number' },
  { key: 'isActive', label: t.active, render: (i) => yesNo(i.isActive) },
  ...(editable ? [{ key: 'actions', label: t.actions, hideLabel: true, render: (i: LookupListItem) => <EditLink href={`/admin/list-manager/${listId}/items/${i.id}`} name={i.label} /> }] : []),
];

export function ListEditPage({ title, values, errors, list }: ListEditPageProps): ReactElement {
  const e = errorMap(errors);
  return (
    <>
      <PageHeader title={title} backHref="/admin/list-manager" />
      {list ? <LastUpdated text={list.lastUpdated} /> : null}
      <FormErrors errors={errors} />
      <form method="post" action={list ? `/admin/list-manager/${list.id}` : '/admin/list-manager/new'} className="usa-form usa-form--large admin-org-form" noValidate>
        <CsrfField />
        <TextField id="displayName" label={t.displayName} value={values.displayName} error={e.displayName} required maxLength={200} autoComplete="off" />
        {list?.isBuiltIn ? (
          <>
            <input type="hidden" name="name" value={values.name} />
            <p className="usa-hint">{t.builtInHint}</p>
          </>
        ) : (
          <TextField id="name" label={t.listName} hint={t.listNameHint} value={values.name} error={e.name} required maxLength={100} autoComplete="off" />
        )}
        <TextareaField id="description" label={t.description} value={values.description} error={e.description} maxLength={1000} rows={3} />
        <CheckboxField id="isActive" label={t.isActiveLabel} checked={values.isActive} />
        <FormActions submitLabel={list ? t.save : t.addList} cancelHref="/admin/list-manager" />
      </form>
      {list && !list.isBuiltIn ? <DeleteButton message={t.deleteQuestion(list.displayName)} action={`/admin/list-manager/${list.id}/delete`} /> : null}
      {list ? (
        <section className="admin-org-section" aria-labelledby="items-heading">
          <h2 id="items-heading">{t.items}</h2>
          {list.itemsKeptOn ? (
            <p>
              {calendarText.listKeptOnScreen}{' '}
              <a className="usa-link" href={list.itemsKeptOn.href}>
                {list.itemsKeptOn.label}
              </a>
              .
            </p>
          ) : null}
          <ListTable id="list-items" caption={t.itemsCaption(list.displayName)} columns={itemColumns(list.id, !list.itemsKeptOn)} rows={list.items} rowKey={(i) => i.id} />
          {list.itemsKeptOn ? null : (
            <a className="usa-button usa-button--outline" href={`/admin/list-manager/${list.id}/items/new`}>
              {t.addItem}
            </a>
          )}
        </section>
      ) : null}
    </>
  );
}
