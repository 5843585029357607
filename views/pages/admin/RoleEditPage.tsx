// /admin/manage-roles/:id: rename a role and change its description, or delete it (asked first;
// the agency API refuses while users hold the role). Built-in roles keep their names and stay
// (the API refuses and says so); their descriptions can change.
import type { ReactElement } from 'react';
import { adminRolesText as t } from '../../../lib/messages.js';
import type { FieldError } from '../../../lib/validation/auth.js';
import { CsrfField } from '../../components/CsrfField.js';
import { Button } from '../../components/form/Button.js';
import { ErrorSummary, type SummaryError } from '../../components/form/ErrorSummary.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { permissionsHref, RoleFields, roleHref, ROLES_PATH, type RoleFormValues } from './RolesPage.js';
import { ConfirmAction } from './UsersFormFields.js';

export interface RoleEditPageProps {
  roleId: number;
  /** The role's saved name (the heading keeps it while the form shows what was typed). */
  savedName: string;
  values: RoleFormValues;
  errors: readonly FieldError[];
  formError?: string | undefined;
}

export function RoleEditPage({ roleId, savedName, values, errors, formError }: RoleEditPageProps): ReactElement {
  const summary: SummaryError[] = formError ? [...errors, { message: formError }] : [...errors];
  return (
    <>
      <PageHeader
        title={t.editRole(savedName)}
        backHref={ROLES_PATH}
        actions={
          <a className="usa-button usa-button--outline" href={permissionsHref(roleId)}>
            {t.permissions}
          </a>
        }
      />
      <ErrorSummary errors={summary} />
      <form method="post" action={roleHref(roleId)} className="usa-form usa-form--large admin-form" noValidate>
        <CsrfField />
        <RoleFields values={values} errors={errors} />
        <div className="button-row">
          <Button type="submit">{t.saveRole}</Button>
        </div>
      </form>
      <section aria-labelledby="delete-role-title" className="admin-section">
        <h2 id="delete-role-title">{t.deleteSection}</h2>
        <p className="usa-hint">{t.deleteHint}</p>
        <ConfirmAction
          triggerLabel={t.deleteRole}
          triggerClass="usa-button--secondary"
          message={t.deleteQuestion(savedName)}
          okLabel={t.delete}
          action={`${roleHref(roleId)}/delete`}
        />
      </section>
    </>
  );
}
