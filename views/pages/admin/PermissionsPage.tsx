// /admin/manage-roles/permissions?roleId=: the permissions a role grants, as one fieldset of
// checkboxes per group of the catalogue (legend = group name, each with its description).
// Choosing the role is a GET form, so the page works without JavaScript; those who may only
// view roles see the checkboxes without a Save button.
import type { ReactElement } from 'react';
import { adminRolesText as t } from '../../../lib/messages.js';
import { errorFor, type FieldError } from '../../../lib/validation/auth.js';
import { CsrfField } from '../../components/CsrfField.js';
import { Button } from '../../components/form/Button.js';
import { ErrorSummary, type SummaryError } from '../../components/form/ErrorSummary.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { CheckboxGroup, firstCheckboxId, SelectField } from './UsersFormFields.js';
import { AdminNotice } from './UsersListPage.js';
import { PERMISSIONS_PATH, permissionsHref, ROLES_PATH } from './RolesPage.js';

export interface PermissionGroup {
  /** A stable id for the fieldset. */
  id: string;
  name: string;
  permissions: { value: string; name: string; description: string }[];
}

export interface PermissionsPageProps {
  heading: string;
  roles: readonly { id: number; name: string }[];
  /** The chosen role, or null before one is chosen. */
  role: { id: number; name: string } | null;
  groups: readonly PermissionGroup[];
  checked: readonly string[];
  canManage: boolean;
  errors: readonly FieldError[];
  formError?: string | undefined;
}

export function PermissionsPage(props: PermissionsPageProps): ReactElement {
  const { heading, roles, role, groups, checked, canManage, errors, formError } = props;
  const summary: SummaryError[] = formError ? [...errors, { message: formError }] : [...errors];
  const firstGroup = groups[0];
  return (
    <>
      <PageHeader title={role ? t.permissionsOf(role.name) : heading} backHref={ROLES_PATH} />
      {!canManage ? <AdminNotice text={t.viewOnly} /> : null}
      <ErrorSummary errors={summary} fieldIds={firstGroup ? { permissions: firstCheckboxId(firstGroup.id) } : undefined} />
      <form method="get" action={PERMISSIONS_PATH} className="admin-filters">
        <div className="admin-filters__fields">
          <SelectField
            id="roleId"
            label={t.chooseRole}
            value={role ? String(role.id) : ''}
            options={[...(role ? [] : [{ value: '', label: t.selectRole }]), ...roles.map((r) => ({ value: String(r.id), label: r.name }))]}
          />
        </div>
        <div className="button-row">
          <Button type="submit" variant="outline">
            {t.showPermissions}
          </Button>
        </div>
      </form>
      {role ? (
        <form method="post" action={permissionsHref(role.id)} className="admin-permissions" noValidate>
          <CsrfField />
          <input type="hidden" name="roleId" value={String(role.id)} />
          <p>{t.permissionsIntro}</p>
          {groups.map((g) => (
            <CheckboxGroup
              key={g.id}
              id={g.id}
              name="permissions"
              legend={g.name}
              legendClassName="usa-legend usa-legend--large"
              options={g.permissions.map((p) => ({ value: p.value, label: p.name, description: p.description }))}
              checked={checked}
              disabled={!canManage}
              error={g === firstGroup ? errorFor(errors, 'permissions') : undefined}
            />
          ))}
          {canManage ? (
            <div className="button-row">
              <Button type="submit">{t.savePermissions}</Button>
            </div>
          ) : null}
        </form>
      ) : null}
    </>
  );
}
