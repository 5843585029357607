// /admin/manage-roles: the roles with how many users hold each, links to edit a role (rename,
// delete) and to its permissions, the Add Role form, and the recent role changes (spec §4: add,
// delete, modify).
import type { ReactElement } from 'react';
import type { Role } from '../../../lib/contract.js';
import { adminRolesText as t } from '../../../lib/messages.js';
import type { TableConfig, TableState } from '../../../lib/table-query.js';
import { errorFor, type FieldError } from '../../../lib/validation/auth.js';
import { ROLE_DESCRIPTION_MAX_LENGTH, ROLE_NAME_MAX_LENGTH } from '../../../lib/validation/admin-users.js';
import { CsrfField } from '../../components/CsrfField.js';
import { DataTable, type DataTableColumn } from '../../components/DataTable.js';
import { Button } from '../../components/form/Button.js';
import { ErrorSummary } from '../../components/form/ErrorSummary.js';
import { TextField } from '../../components/form/TextField.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { FieldErrorText } from './UsersFormFields.js';
import { AdminNotice } from './UsersListPage.js';
import { roleLabel } from '../../../lib/role-label.js';

export const ROLES_PATH = '/admin/manage-roles';
export const PERMISSIONS_PATH = '/admin/manage-roles/permissions';

export function roleHref(id: number): string {
  return `${ROLES_PATH}/${id}`;
}

export function permissionsHref(id: number): string {
  return `${PERMISSIONS_PATH}?roleId=${id}`;
}

export interface RoleChangeRow {
  id: number;
  op: string;
  roleName: string;
  when: string;
}

export interface RoleFormValues {
  name: string;
  description: string;
}

export interface RolesPageProps {
  heading: string;
  rows: readonly Role[];
  total: number;
  state: TableState;
  config: TableConfig;
  canManage: boolean;
  values: RoleFormValues;
  errors: readonly FieldError[];
  changes: readonly RoleChangeRow[];
}

/** Name and description of a role (the Add Role form and the rename page). */
export function RoleFields({ values, errors }: { values: RoleFormValues; errors: readonly FieldError[] }): ReactElement {
  const descriptionError = errorFor(errors, 'description');
  return (
    <>
      <TextField id="name" label={t.roleName} value={values.name} error={errorFor(errors, 'name')} required maxLength={ROLE_NAME_MAX_LENGTH} autoComplete="off" />
      <div className={`usa-form-group${descriptionError ? ' usa-form-group--error' : ''}`}>
        <label className={`usa-label${descriptionError ? ' usa-label--error' : ''}`} htmlFor="description">
          {t.description}
        </label>
        {descriptionError ? <FieldErrorText id="description-error" message={descriptionError} /> : null}
        <textarea
          className="usa-textarea"
          id="description"
          name="description"
          rows={3}
          maxLength={ROLE_DESCRIPTION_MAX_LENGTH}
          defaultValue={values.description}
          aria-describedby={descriptionError ? 'description-error' : undefined}
          aria-invalid={descriptionError ? true : undefined}
        />
      </div>
    </>
  );
}

function opLabel(op: string): string {
  if (op === 'add') return t.opAdd;
  if (op === 'delete') return t.opDelete;
  return t.opModify;
}

function RoleChanges({ changes }: { changes: readonly RoleChangeRow[] }): ReactElement {
  return (
    <section aria-labelledby="role-changes-title" className="admin-section">
      <h2 id="role-changes-title">{t.recentChanges}</h2>
      <p className="usa-hint">{t.changesReachUsers}</p>
      {changes.length === 0 ? (
        <p>{t.noChanges}</p>
      ) : (
        <table className="usa-table usa-table--borderless usa-table--compact usa-table--stacked" id="role-changes">
          <caption className="usa-sr-only">{t.changesCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.change}</th>
              <th scope="col">{t.role}</th>
              <th scope="col">{t.when}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.id}>
                <td data-label={t.change}>{opLabel(c.op)}</td>
                <td data-label={t.role}>{c.roleName}</td>
                <td data-label={t.when}>{c.when}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function RolesPage(props: RolesPageProps): ReactElement {
  const { heading, rows, total, state, config, canManage, values, errors, changes } = props;
  const columns: DataTableColumn<Role>[] = [
    { key: 'name', label: t.name, rowHeader: true, render: (r) => roleLabel(r.name) },
    { key: 'description', label: t.description, render: (r) => r.description },
    { key: 'usersCount', label: t.usersCount, render: (r) => String(r.usersCount ?? 0), className: 'admin-number' },
    {
      key: 'actions',
      label: t.actions,
      render: (r) => (
        <ul className="usa-button-group admin-row-actions">
          {[...(canManage ? [{ href: roleHref(r.id), label: t.edit }] : []), { href: permissionsHref(r.id), label: t.permissions }].map((link) => (
            <li key={link.href} className="usa-button-group__item">
              <a className="usa-link" href={link.href}>
                {link.label}
                <span className="usa-sr-only"> {roleLabel(r.name)}</span>
              </a>
            </li>
          ))}
        </ul>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={heading} />
      {!canManage ? <AdminNotice text={t.viewOnly} /> : null}
      <ErrorSummary errors={errors} />
      <DataTable
        id="roles-table"
        caption={t.caption}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        state={state}
        config={config}
        total={total}
        basePath={ROLES_PATH}
      />
      {canManage ? (
        <section aria-labelledby="add-role-title" className="admin-section">
          <h2 id="add-role-title">{t.addRole}</h2>
          <form method="post" action={ROLES_PATH} className="usa-form usa-form--large admin-form" noValidate>
            <CsrfField />
            <RoleFields values={values} errors={errors} />
            <div className="button-row">
              <Button type="submit">{t.createRole}</Button>
            </div>
          </form>
        </section>
      ) : null}
      <RoleChanges changes={changes} />
    </>
  );
}
