// /admin/manage-users/new: a new account with its LEAs and roles. No password is asked for:
// the agency API emails the new user a link to set one.
import type { ReactElement } from 'react';
import { adminUsersText as t } from '../../../lib/messages.js';
import type { FieldError } from '../../../lib/validation/auth.js';
import { CsrfField } from '../../components/CsrfField.js';
import { Button } from '../../components/form/Button.js';
import { ErrorSummary } from '../../components/form/ErrorSummary.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { USERS_PATH } from './UsersListPage.js';
import { userFieldIds, userFieldLabels, UserFields, type LeaChoice, type UserFormValues } from './UsersFormFields.js';

export interface UsersNewPageProps {
  values: UserFormValues;
  errors: readonly FieldError[];
  leas: readonly LeaChoice[];
  roles: readonly string[];
}

export function UsersNewPage({ values, errors, leas, roles }: UsersNewPageProps): ReactElement {
  return (
    <>
      <PageHeader title={t.addUser} backHref={USERS_PATH} />
      <ErrorSummary errors={errors} fieldIds={userFieldIds} fieldLabels={userFieldLabels} />
      <form method="post" action={`${USERS_PATH}/new`} className="usa-form usa-form--large admin-form" noValidate>
        <CsrfField />
        <p className="usa-hint">{t.newUserHint}</p>
        <UserFields values={values} errors={errors} leas={leas} roles={roles} />
        <div className="button-row">
          <Button type="submit">{t.createUser}</Button>
        </div>
      </form>
    </>
  );
}
