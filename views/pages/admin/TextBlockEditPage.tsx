// Edit Text Block (/admin/manage-text-blocks/:id): title, HTML, Div or Card format and
// visibility. "Preview" posts the form and shows the block as pages will show it (sanitised,
// non-breaking spaces replaced), without saving and without JavaScript; "Save" saves it.
import type { ReactElement } from 'react';
import type { TextBlock as TextBlockData } from '../../../lib/contract.js';
import { adminOrgText as t } from '../../../lib/messages.js';
import { errorMap, TEXT_BLOCK_HTML_MAX, type FieldError, type TextBlockForm } from '../../../lib/validation/admin-org.js';
import { CheckboxField } from '../../components/form/CheckboxField.js';
import { TextField } from '../../components/form/TextField.js';
import { CsrfField } from '../../components/CsrfField.js';
import { TextBlock } from '../../components/TextBlock.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { FormActions, FormErrors, LastUpdated, RadioGroup, TextareaField, firstRadioId } from './AdminOrgFields.js';

export interface TextBlockEditPageProps {
  title: string;
  block: { id: number; blockCode: string; groupCode: string };
  values: Omit<TextBlockForm, 'intent'>;
  errors: readonly FieldError[];
  /** Set after Preview: the block as entered. */
  preview: TextBlockData | null;
  lastUpdated: string | null;
}

const formatOptions = [
  { value: 'Div', label: t.formatDiv },
  { value: 'Card', label: t.formatCard },
];

export function TextBlockEditPage({ title, block, values, errors, preview, lastUpdated }: TextBlockEditPageProps): ReactElement {
  const e = errorMap(errors);
  return (
    <>
      <PageHeader title={title} backHref="/admin/manage-text-blocks" />
      <LastUpdated text={lastUpdated} />
      <dl className="admin-org-facts">
        <dt>{t.blockCode}</dt>
        <dd>
          <code>{block.blockCode}</code>
        </dd>
        <dt>{t.groupCode}</dt>
        <dd>
          <code>{block.groupCode}</code>
        </dd>
      </dl>
      <FormErrors errors={errors} fieldIds={{ format: firstRadioId('format', formatOptions) }} />
      <form method="post" action={`/admin/manage-text-blocks/${block.id}`} className="usa-form usa-form--large admin-org-form admin-org-wide-form" noValidate>
        <CsrfField />
        <TextField id="title" label={t.blockTitle} value={values.title} error={e.title} required maxLength={200} autoComplete="off" />
        <TextareaField id="html" label={t.html} hint={t.htmlHint} value={values.html} error={e.html} maxLength={TEXT_BLOCK_HTML_MAX} rows={14} code />
        <RadioGroup id="format" legend={t.format} options={formatOptions} value={values.format} error={e.format} />
        <fieldset className="usa-fieldset usa-form-group">
          <legend className="usa-legend">{t.visibility}</legend>
          <CheckboxField id="isVisible" label={t.isVisibleLabel} checked={values.isVisible} />
        </fieldset>
        <FormActions submitLabel={t.save} cancelHref="/admin/manage-text-blocks">
          <button type="submit" name="intent" value="preview" className="usa-button usa-button--outline">
            {t.preview}
          </button>
        </FormActions>
      </form>
      {preview ? (
        <section className="admin-org-section admin-org-preview" aria-labelledby="preview-heading" id="preview">
          <h2 id="preview-heading">{t.preview}</h2>
          <p className="usa-hint">{preview.isVisible ? t.previewNote : t.previewHidden}</p>
          <div className="admin-org-preview__frame">
            <TextBlock block={{ ...preview, isVisible: true }} headingLevel={3} />
          </div>
        </section>
      ) : null}
    </>
  );
}
