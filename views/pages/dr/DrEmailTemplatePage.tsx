// One email template (/dispute-resolution/email-templates/:code, DR spec §4.8): subject, the HTML
// body in a plain textarea (no script editor), the merge fields this code may use (§11), Active,
// and three buttons of one form: Save; Preview, which shows the rendered subject and sanitised HTML
// below the form (with the case named by its number, else sample values); and Send test to me.
import type { ReactElement } from 'react';
import { drText } from '../../../lib/dr/page-text.js';
import { sanitizeHtml } from '../../../lib/sanitize.js';
import { errorMap, type FieldError } from '../../../lib/validation/admin-org.js';
import { CheckboxField } from '../../components/form/CheckboxField.js';
import { TextField } from '../../components/form/TextField.js';
import { CsrfField } from '../../components/CsrfField.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { FormActions, FormErrors, LastUpdated, TextareaField } from '../admin/AdminOrgFields.js';
import { EMAIL_TEMPLATES_PATH } from './DrEmailTemplatesPage.js';

const t = drText.emailTemplates;

export interface DrEmailTemplateValues {
  subject: string;
  bodyHtml: string;
  isActive: boolean;
  caseNumber: string;
}

export interface DrEmailTemplatePageProps {
  title: string;
  template: { code: string; name: string; allowedFields: readonly string[] };
  values: DrEmailTemplateValues;
  errors: readonly FieldError[];
  /** Set after Preview: the email as it would be sent. */
  preview: { subject: string; html: string } | null;
  lastUpdated: string | null;
}

export function DrEmailTemplatePage({ title, template, values, errors, preview, lastUpdated }: DrEmailTemplatePageProps): ReactElement {
  const e = errorMap(errors);
  const action = `${EMAIL_TEMPLATES_PATH}/${template.code}`;
  return (
    <>
      <PageHeader title={title} backHref={EMAIL_TEMPLATES_PATH} />
      <LastUpdated text={lastUpdated} />
      <dl className="admin-org-facts">
        <dt>{t.code}</dt>
        <dd>
          <code>{template.code}</code>
        </dd>
        <dt>{t.name}</dt>
        <dd>{template.name}</dd>
      </dl>
      <FormErrors errors={errors} />
      <form method="post" action={action} className="usa-form usa-form--large admin-org-form admin-org-wide-form" noValidate>
        <CsrfField />
        <TextField id="subject" label={t.subject} value={values.subject} error={e.subject} required maxLength={200} autoComplete="off" />
        <TextareaField id="bodyHtml" label={t.body} hint={t.bodyHint} value={values.bodyHtml} error={e.bodyHtml} maxLength={20_000} rows={14} code />
        <section className="admin-org-section" aria-labelledby="merge-fields-heading">
          <h2 id="merge-fields-heading">{t.fields}</h2>
          <p className="usa-hint">{t.fieldsHint}</p>
          <ul className="usa-list">
            {template.allowedFields.map((f) => (
              <li key={f}>
                <code>{`{{${f}}}`}</code>
              </li>
            ))}
          </ul>
        </section>
        <fieldset className="usa-fieldset usa-form-group">
          <legend className="usa-legend">{t.status}</legend>
          <CheckboxField id="isActive" label={t.activeLabel} checked={values.isActive} />
        </fieldset>
        <TextField id="caseNumber" label={t.previewCase} hint={t.previewCaseHint} value={values.caseNumber} error={e.caseNumber} maxLength={40} autoComplete="off" />
        <FormActions submitLabel={t.save} cancelHref={EMAIL_TEMPLATES_PATH}>
          <button type="submit" name="intent" value="preview" className="usa-button usa-button--outline">
            {t.preview}
          </button>
          <button type="submit" name="intent" value="test" className="usa-button usa-button--outline">
            {t.sendTest}
          </button>
        </FormActions>
      </form>
      {preview ? (
        <section className="admin-org-section admin-org-preview" aria-labelledby="preview-heading" id="preview">
          <h2 id="preview-heading">{t.previewHeading}</h2>
          <p className="usa-hint">{t.previewNote}</p>
          <div className="admin-org-preview__frame">
            <p>
              <strong>{t.previewSubject}</strong> <span data-preview="subject">{preview.subject}</span>
            </p>
            <div className="usa-prose" data-preview="html" dangerouslySetInnerHTML={{ __html: sanitizeHtml(preview.html) }} />
          </div>
        </section>
      ) : null}
    </>
  );
}
