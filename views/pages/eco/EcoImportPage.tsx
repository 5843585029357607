// The ECO child import (/child-search/child-list/import, ECO spec §8; MODULES.md 'CSV import'):
// the text block, 'Download template', the upload form, and after a refused file the rows in
// error with 'eco-import-errors.csv'. A plain multipart form: it works without JavaScript.
import type { ReactElement } from 'react';
import type { CsvRowError } from '../../../lib/csv-import.js';
import type { TextBlock as TextBlockData } from '../../../lib/contract.js';
import { ecoImportPageText as t } from '../../../lib/eco/score-text.js';
import { CsrfField } from '../../components/CsrfField.js';
import { ErrorSummary } from '../../components/form/ErrorSummary.js';
import { TextField } from '../../components/form/TextField.js';
import { TextBlock } from '../../components/TextBlock.js';
import { PageHeader } from '../../shell/PageHeader.js';

export interface EcoImportPageProps {
  instructions: TextBlockData | null;
  /** The file's problem ('file') or the import's refusal ('import'). */
  errors: readonly { field: string; message: string }[];
  rowErrors: readonly CsvRowError[] | null;
  /** The error report as a data: URL (nothing kept on the server). */
  errorsCsvHref: string | null;
}

export function EcoImportPage({ instructions, errors, rowErrors, errorsCsvHref }: EcoImportPageProps): ReactElement {
  const fileError = errors.find((e) => e.field === 'file')?.message;
  return (
    <>
      <PageHeader title={t.title} backHref="/child-search/child-list" />
      <ErrorSummary errors={errors.map((e) => ({ field: e.field === 'file' ? 'file' : undefined, message: e.message }))} />
      <TextBlock block={instructions} />
      <p>
        <a className="usa-link" href="/child-search/child-list/import/template.csv" download>
          {t.downloadTemplate}
        </a>
      </p>
      <form method="post" action="/child-search/child-list/import" encType="multipart/form-data" className="usa-form" noValidate>
        <CsrfField />
        <TextField id="file" type="file" label={t.file} accept=".csv,text/csv" error={fileError} required />
        <button type="submit" className="usa-button">
          {t.upload}
        </button>
      </form>
      {rowErrors && rowErrors.length ? (
        <section id="import-errors" aria-labelledby="import-errors-caption">
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="import-errors-caption">
            <table className="usa-table usa-table--borderless" data-testid="import-errors">
              <caption id="import-errors-caption">{t.errorsCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.rowNumber}</th>
                  <th scope="col">{t.column}</th>
                  <th scope="col">{t.value}</th>
                  <th scope="col">{t.message}</th>
                </tr>
              </thead>
              <tbody>
                {rowErrors.map((e, i) => (
                  <tr key={i}>
                    <td>{e.line}</td>
                    <td>{e.column}</td>
                    <td>{e.value}</td>
                    <td>{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {errorsCsvHref ? (
            <p>
              <a className="usa-link" href={errorsCsvHref} download="eco-import-errors.csv">
                {t.downloadErrors}
              </a>
            </p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
