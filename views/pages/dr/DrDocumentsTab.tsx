// The documents tab of a case (DR spec §4.3 tab=documents, §14): the case's documents with their
// type, size, uploader and tag, download links through the portal, and plain forms to upload
// (PDF, DOCX, JPG, PNG up to 20 MB; state staff may tag it Redacted decision for publication on
// /dr-public), delete (state staff or the uploader) and tag or untag (state staff).
import type { ReactElement } from 'react';
import { formatDateTime } from '../../../lib/dates.js';
import { formatSize, REDACTED_DECISION, type DrDocuments } from '../../../lib/dr/documents.js';
import { docText as t } from '../../../lib/dr/public-text.js';
import type { FieldError } from '../../../lib/validation/admin-org.js';
import { CsrfField } from '../../components/CsrfField.js';
import { ErrorSummary } from '../../components/form/ErrorSummary.js';
import { TextField } from '../../components/form/TextField.js';
import { ScrollTable } from '../../components/ScrollTable.js';

export interface DrDocumentsTabProps {
  caseId: string;
  documents: DrDocuments | null;
  refused: { form: string; errors: readonly FieldError[] } | null;
  tz: string;
}

const KIND_LABELS: Readonly<Record<string, string>> = { pdf: 'PDF', docx: 'DOCX', jpg: 'JPG', png: 'PNG' };

export function DrDocumentsTab({ caseId, documents, refused, tz }: DrDocumentsTabProps): ReactElement {
  const base = `/dispute-resolution/cases/${caseId}/documents`;
  const docs = documents?.documents ?? [];
  const uploadErrors = refused?.form === 'upload' ? refused.errors : [];
  const fileError = uploadErrors.find((e) => e.field === 'file')?.message ?? uploadErrors[0]?.message;
  const rowErrors = refused && refused.form !== 'upload' ? refused.errors : [];
  return (
    <>
      <ErrorSummary errors={rowErrors} id="document-errors" />
      {!docs.length ? (
        <p>{t.none}</p>
      ) : (
        <ScrollTable caption={t.caption} headers={[t.columns.name, t.columns.kind, t.columns.size, t.columns.uploaded, t.columns.tag, t.columns.actions]}>
          {docs.map((d) => {
            const tagged = d.tags.includes(REDACTED_DECISION);
            return (
              <tr key={d.id}>
                <th scope="row">
                  <a className="usa-link" href={`${base}/${d.id}`} download>{d.fileName}</a>
                </th>
                <td>{KIND_LABELS[d.kind] ?? d.kind.toUpperCase()}</td>
                <td>{formatSize(d.sizeBytes)}</td>
                <td>{t.uploadedBy(d.uploadedByName ?? d.uploadedBy, formatDateTime(d.uploadedAt, tz))}</td>
                <td>{tagged ? <span className="usa-tag">{REDACTED_DECISION}</span> : null}</td>
                <td>
                  <div className="dr-document-actions">
                    {documents?.canTag ? (
                      <form method="post" action={`${base}/${d.id}/tag`}>
                        <CsrfField />
                        <input type="hidden" name="redactedDecision" value={tagged ? 'false' : 'true'} />
                        <button type="submit" className="usa-button usa-button--unstyled">{tagged ? t.untagButton(d.fileName) : t.tagButton(d.fileName)}</button>
                      </form>
                    ) : null}
                    {d.canDelete ? (
                      <form method="post" action={`${base}/${d.id}/delete`}>
                        <CsrfField />
                        <button type="submit" className="usa-button usa-button--unstyled">{t.deleteButton(d.fileName)}</button>
                      </form>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </ScrollTable>
      )}
      {documents?.canUpload ? (
        <form method="post" action={base} encType="multipart/form-data" className="usa-form margin-top-3" noValidate>
          <CsrfField />
          <fieldset className="usa-fieldset">
            <legend className="usa-legend usa-legend--large">{t.upload}</legend>
            <ErrorSummary errors={uploadErrors} id="upload-errors" />
            <TextField
              id="file"
              type="file"
              required
              label={t.file}
              hint={t.fileHint}
              error={fileError}
              accept=".pdf,.docx,.jpg,.jpeg,.png,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,image/jpeg,image/png"
            />
            {documents.canTag ? (
              <div className="usa-form-group">
                <p className="usa-hint" id="redacted-hint">{t.redactedHint}</p>
                <div className="usa-checkbox">
                  <input className="usa-checkbox__input" id="redactedDecision" name="redactedDecision" type="checkbox" value="true" aria-describedby="redacted-hint" />
                  <label className="usa-checkbox__label" htmlFor="redactedDecision">{t.redactedDecision}</label>
                </div>
              </div>
            ) : null}
            <button type="submit" className="usa-button margin-top-2">{t.uploadButton}</button>
          </fieldset>
        </form>
      ) : null}
    </>
  );
}
