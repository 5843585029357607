// The ECO advanced search (/child-search/search, ECO spec §3.3): a GET form of every filter (kept
// for the session), the results with the child list's columns plus LEA, the 'More than 5,000'
// message, and the statewide lookup's one row 'Held by {LEA name}' with a 'Claim' button.
import type { ReactElement } from 'react';
import type { TextBlock as TextBlockData } from '../../../lib/contract.js';
import { maskStateStudentId } from '../../../lib/eco/claim.js';
import { ecoChildText as t } from '../../../lib/eco/child-text.js';
import { exitReasons, EXIT_REASONS, NOT_INCLUDED_REASONS, notIncludedLabel } from '../../../lib/eco/codes.js';
import type { EcoRecordListItem, EcoSearchResult } from '../../../lib/eco/contract.js';
import { CsrfField } from '../../components/CsrfField.js';
import { SelectField } from '../../components/form/SelectField.js';
import { TextField } from '../../components/form/TextField.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { statusOptions, type Option } from './EcoChildListPage.js';
import { CheckboxGroup, ChildKeyFields, ErrorsAndInstructions, recordColumns, SearchButtons } from './EcoChildParts.js';

export const SEARCH_PATH = '/child-search/search';

export interface AdvancedCriteria {
  ssid: string;
  lastName: string;
  firstName: string;
  birthDate: string;
  schoolId: string;
  disability: string;
  entryFrom: string;
  entryTo: string;
  exitFrom: string;
  exitTo: string;
  exitReason: string;
  entryStatus: string[];
  exitStatus: string[];
  status: string[];
  reason: string[];
  flag: string;
  leaId: string;
}

export interface EcoSearchPageProps {
  criteria: AdvancedCriteria;
  result: EcoSearchResult | null;
  errors: readonly { field: string; message: string }[];
  lookups: { schools: Option[]; disabilities: Option[]; leas: Option[] };
  allLeas: boolean;
  instructions: TextBlockData | null;
}

const assessmentOptions: Option[] = ['none', 'draft', 'submitted', 'finalized'].map((s) => ({ value: s, label: t.assessmentStatus[s] ?? s }));

function Results({ rows }: { rows: readonly EcoRecordListItem[] }): ReactElement {
  const columns = recordColumns(true);
  return (
    <div className="table-scroll">
      <table className="usa-table usa-table--borderless usa-table--stacked width-full">
        <caption className="usa-sr-only">{t.results}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.recordId}>
              {columns.map((c) =>
                c.rowHeader ? (
                  <th key={c.key} scope="row" data-label={c.label}>
                    {c.render(r)}
                  </th>
                ) : (
                  <td key={c.key} data-label={c.label}>
                    {c.render(r)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function EcoSearchPage({ criteria: c, result, errors, lookups, allLeas, instructions }: EcoSearchPageProps): ReactElement {
  const fieldError = (f: string) => errors.find((e) => e.field === f)?.message;
  const any = { value: '', label: t.any };
  return (
    <>
      <PageHeader title={t.searchHeading} />
      <ErrorsAndInstructions errors={errors} instructions={instructions} />
      <form method="get" action={SEARCH_PATH} className="usa-form usa-form--large maxw-full" aria-labelledby="search-criteria">
        <h2 id="search-criteria">{t.searchCriteria}</h2>
        <ChildKeyFields values={c} errors={errors} />
        <TextField id="firstName" label={t.firstName} value={c.firstName} error={fieldError('firstName')} maxLength={50} />
        {lookups.schools.length ? <SelectField id="schoolId" label={t.school} value={c.schoolId} options={[any, ...lookups.schools]} /> : null}
        <SelectField id="disability" label={t.disability} value={c.disability} options={[any, ...lookups.disabilities]} />
        <TextField id="entryFrom" label={t.entryFrom} type="date" value={c.entryFrom} error={fieldError('entryFrom')} />
        <TextField id="entryTo" label={t.entryTo} type="date" value={c.entryTo} error={fieldError('entryTo')} />
        <TextField id="exitFrom" label={t.exitFrom} type="date" value={c.exitFrom} error={fieldError('exitFrom')} />
        <TextField id="exitTo" label={t.exitTo} type="date" value={c.exitTo} error={fieldError('exitTo')} />
        <SelectField id="exitReason" label={t.exitReason} value={c.exitReason} options={[any, ...EXIT_REASONS.map((r) => ({ value: r, label: exitReasons[r].label }))]} />
        <CheckboxGroup id="entryStatus" name="entryStatus" legend={t.entryStatus} options={assessmentOptions} checked={c.entryStatus} />
        <CheckboxGroup id="exitStatus" name="exitStatus" legend={t.exitStatus} options={assessmentOptions} checked={c.exitStatus} />
        <CheckboxGroup id="status" name="status" legend={t.derivedStatus} options={statusOptions} checked={c.status} />
        <CheckboxGroup id="reason" name="reason" legend={t.notIncludedReason} options={NOT_INCLUDED_REASONS.map((r) => ({ value: r, label: notIncludedLabel(r) }))} checked={c.reason} />
        <SelectField id="flag" label={t.flag} value={c.flag} options={[any, ...t.flagOptions.map((f) => ({ value: f, label: f }))]} />
        {allLeas ? <SelectField id="leaId" label={t.lea} value={c.leaId} options={[any, { value: 'all', label: t.allLeas }, ...lookups.leas]} /> : null}
        <SearchButtons path={SEARCH_PATH} />
      </form>
      {result ? (
        <section aria-labelledby="search-results">
          <h2 id="search-results">{t.results}</h2>
          {result.message ? (
            <div className="usa-alert usa-alert--warning usa-alert--slim" data-testid="too-many">
              <div className="usa-alert__body">
                <p className="usa-alert__text">{result.message}</p>
              </div>
            </div>
          ) : null}
          {result.heldElsewhere ? (
            <div className="table-scroll">
              <table className="usa-table usa-table--borderless width-full" data-testid="held-elsewhere">
                <caption className="usa-sr-only">{t.heldElsewhere}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t.ssid}</th>
                    <th scope="col">{t.columns.lea}</th>
                    {result.heldElsewhere.canClaim ? (
                      <th scope="col">
                        <span className="usa-sr-only">{t.claim}</span>
                      </th>
                    ) : null}
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <th scope="row">{maskStateStudentId(c.ssid)}</th>
                    <td>{result.heldElsewhere.label}</td>
                    {result.heldElsewhere.canClaim ? (
                      <td>
                        <form method="post" action={`${SEARCH_PATH}/claim`}>
                          <CsrfField />
                          <input type="hidden" name="stateStudentId" value={c.ssid} />
                          <input type="hidden" name="birthDate" value={c.birthDate} />
                          <button type="submit" className="usa-button">
                            {t.claim}
                          </button>
                        </form>
                      </td>
                    ) : null}
                  </tr>
                </tbody>
              </table>
            </div>
          ) : result.items.length === 0 && !result.message ? (
            <p data-testid="no-match">{t.noMatch}</p>
          ) : result.items.length ? (
            <Results rows={result.items} />
          ) : null}
        </section>
      ) : null}
    </>
  );
}
