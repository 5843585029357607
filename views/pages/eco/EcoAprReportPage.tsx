// The ECO APR report (ECO spec §3.8): Indicator B7 for a school year and scope, with its filters
// (a GET form), the five sections, a stacked bar chart of the progress categories with its table
// alternative, the three CSV downloads, the empty state and a print header for paper. Values below
// target are red and say so in words (never colour alone).
import type { ReactElement, ReactNode } from 'react';
import type { TextBlock as TextBlockData } from '../../../lib/contract.js';
import { CATEGORIES, NOT_INCLUDED_REASONS, OUTCOMES, categoryLabels, notIncludedLabel } from '../../../lib/eco/codes.js';
import { ecoPageText } from '../../../lib/eco/page-text.js';
import type { EcoAprReport, EcoStatement } from '../../../lib/eco/report-contract.js';
import { percentCell } from '../../../lib/eco/summary.js';
import { ReportPrintHeader } from '../../components/ReportPrintHeader.js';
import { TextBlock } from '../../components/TextBlock.js';
import { StackedBarChart } from '../../components/charts/index.js';
import { SelectField, type SelectOption } from '../../components/form/SelectField.js';
import { PageHeader } from '../../shell/PageHeader.js';

const t = ecoPageText.apr;
export const ECO_APR_PATH = '/child-search/apr-report';

export interface EcoAprFilters {
  schoolYear: string;
  /** '' statewide (users with App.data.allleas), else an LEA id. */
  leaId: string;
  basis: 'submitted' | 'finalized';
  schoolId: string;
  disability: string;
}

export interface EcoAprReportPageProps {
  report: EcoAprReport;
  filters: EcoAprFilters;
  years: readonly string[];
  /** Scope choices for users with App.data.allleas; null for a district user (their current LEA). */
  leas: readonly SelectOption[] | null;
  schools: readonly SelectOption[];
  disabilities: readonly SelectOption[];
  textBlock: TextBlockData | null;
  generatedAt: string;
}

/** The query string of the page and its CSVs, without empty values. */
export const aprQuery = (f: EcoAprFilters): string => new URLSearchParams(Object.entries(f).filter(([, v]) => v !== '')).toString();

const below = (percent: number | null, target: number | null): boolean => percent !== null && target !== null && percent < target;

/** A percent, red with '(below target)' when under its target. */
function Pct({ percent, target }: { percent: number | null; target: number | null }): ReactElement {
  if (!below(percent, target)) return <>{percentCell(percent)}</>;
  return (
    <span className="text-error" data-below-target="">
      {percentCell(percent)}
      <span className="usa-sr-only">{` ${t.belowTarget}`}</span>
    </span>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }): ReactElement {
  return (
    <section aria-labelledby={`eco-apr-section-${id}`} data-section={id}>
      <h2 id={`eco-apr-section-${id}`}>{title}</h2>
      {children}
    </section>
  );
}

function Filters(p: EcoAprReportPageProps): ReactElement {
  const f = p.filters;
  return (
    <form method="get" action={ECO_APR_PATH} className="usa-form usa-form--large no-print">
      <div className="grid-row grid-gap">
        <div className="tablet:grid-col-4">
          <SelectField id="schoolYear" label={ecoPageText.schoolYear} value={f.schoolYear} options={p.years.map((y) => ({ value: y, label: y }))} />
        </div>
        {p.leas ? (
          <div className="tablet:grid-col-4">
            <SelectField id="leaId" label={t.scope} value={f.leaId} options={[{ value: '', label: t.statewide }, ...p.leas]} />
          </div>
        ) : null}
        <div className="tablet:grid-col-4">
          <SelectField id="basis" label={t.basis} value={f.basis} options={(['submitted', 'finalized'] as const).map((b) => ({ value: b, label: t.bases[b] }))} />
        </div>
        {p.report.scope.kind === 'LEA' ? (
          <div className="tablet:grid-col-4">
            <SelectField id="schoolId" label={t.school} value={f.schoolId} options={[{ value: '', label: t.allSchools }, ...p.schools]} />
          </div>
        ) : null}
        <div className="tablet:grid-col-4">
          <SelectField id="disability" label={t.disability} value={f.disability} options={[{ value: '', label: t.allDisabilities }, ...p.disabilities]} />
        </div>
      </div>
      <button type="submit" className="usa-button margin-top-1">{ecoPageText.show}</button>
    </form>
  );
}

function Counts({ r }: { r: EcoAprReport }): ReactElement {
  const c = t.counts;
  const rows: [string, string | number][] = [
    [c.exits, r.counts.exits],
    [c.eligibleExits, r.counts.eligibleExits],
    ...OUTCOMES.map((o): [string, number] => [c.includedIn(o), r.counts.included[o]]),
    ...NOT_INCLUDED_REASONS.filter((k) => (r.notIncluded[k] ?? 0) > 0).map((k): [string, number] => [c.notIncluded(k === 'exit-not-collected' ? c.exitNotCollected : notIncludedLabel(k)), r.notIncluded[k] ?? 0]),
    [c.completeness, `${r.completeness.numerator}/${r.completeness.denominator} = ${percentCell(r.completeness.percent)}`],
  ];
  return (
    <Section id="counts" title={t.sections.counts}>
      <table className="usa-table usa-table--borderless" data-testid="eco-apr-counts">
        <caption className="usa-sr-only">{t.sections.counts}</caption>
        <thead><tr><th scope="col">{t.label}</th><th scope="col">{c.count}</th></tr></thead>
        <tbody>
          {rows.map(([label, value]) => <tr key={label}><th scope="row">{label}</th><td>{value}</td></tr>)}
        </tbody>
      </table>
      {r.completeness.flag ? <p className="text-error">{r.completeness.flag}</p> : null}
    </Section>
  );
}

function Categories({ r }: { r: EcoAprReport }): ReactElement {
  return (
    <Section id="categories" title={t.sections.categories}>
      <StackedBarChart
        id="eco-apr-chart"
        title={t.chartTitle}
        description={t.chartDescription}
        categories={r.outcomes.map((o) => t.outcome(o.code))}
        series={CATEGORIES.map((k) => ({ key: k, label: k, values: r.outcomes.map((o) => o.categories[k].count) }))}
        categoryLabel={t.category}
        valueLabel={t.number}
        headingLevel={3}
        table="collapsed"
      />
      {r.outcomes.map((o) => (
        <table key={o.code} className="usa-table usa-table--borderless usa-table--compact width-full" data-testid={`eco-apr-categories-${o.code}`}>
          <caption>{`${t.outcome(o.code)}: ${o.title}`}</caption>
          <thead>
            <tr>{[t.category, t.label, t.number, t.percentOfN].map((h) => <th key={h} scope="col">{h}</th>)}</tr>
          </thead>
          <tbody>
            {CATEGORIES.map((k) => (
              <tr key={k} data-category={k}>
                <th scope="row">{k}</th>
                <td>{categoryLabels[k]}</td>
                <td>{o.categories[k].count}</td>
                <td>{percentCell(o.categories[k].percent)}</td>
              </tr>
            ))}
            <tr data-category="total">
              <th scope="row">{t.total}</th>
              <td>{t.n}</td>
              <td>{o.n}</td>
              <td>{o.n > 0 ? '100.00' : percentCell(null)}</td>
            </tr>
          </tbody>
        </table>
      ))}
    </Section>
  );
}

function Statements({ r }: { r: EcoAprReport }): ReactElement {
  const c = t.statementColumns;
  const lea = r.scope.kind === 'LEA';
  const rows = r.outcomes.flatMap((o) => [[`${o.code}1`, o.ss1], [`${o.code}2`, o.ss2]] as [string, EcoStatement][]);
  return (
    <Section id="statements" title={t.sections.statements}>
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="eco-apr-statements-caption">
        <table className="usa-table usa-table--borderless usa-table--compact width-full" data-testid="eco-apr-statements">
          <caption id="eco-apr-statements-caption" className="usa-sr-only">{t.sections.statements}</caption>
          <thead>
            <tr>
              {[c.statement, c.fraction, c.percent, c.interval, c.target, c.met, ...(lea ? [c.statePercent, c.compared] : []), c.prior].map((h) => <th key={h} scope="col">{h}</th>)}
            </tr>
          </thead>
          <tbody>
            {rows.map(([key, s]) => (
              <tr key={key} data-statement={key}>
                <th scope="row">{key}</th>
                <td>{`${s.numerator}/${s.denominator}`}</td>
                <td>
                  <Pct percent={s.percent} target={s.target} />
                  {s.caution ? <div className="font-ui-2xs">{s.caution}</div> : null}
                  {s.note ? <div className="font-ui-2xs">{s.note}</div> : null}
                </td>
                <td>{s.ciLower === null || s.ciUpper === null ? percentCell(null) : `${percentCell(s.ciLower)}-${percentCell(s.ciUpper)}`}</td>
                <td>{s.target === null ? percentCell(null) : s.target.toFixed(2)}</td>
                <td className={s.met === 'Not met' ? 'text-error' : undefined}>{s.met ?? percentCell(null)}</td>
                {lea ? <td>{percentCell(s.statePercent)}</td> : null}
                {lea ? <td>{s.comparison ?? percentCell(null)}</td> : null}
                <td>{percentCell(s.priorPercent)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

const STATEMENT_KEYS = OUTCOMES.flatMap((o) => [`${o}1`, `${o}2`]);

function ByLea({ r }: { r: EcoAprReport }): ReactElement {
  return (
    <Section id="by-lea" title={t.sections.byLea}>
      {r.byLea.length === 0 ? (
        <p>{ecoPageText.noResults}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="eco-apr-by-lea-caption">
          <table className="usa-table usa-table--borderless usa-table--compact width-full" data-testid="eco-apr-by-lea">
            <caption id="eco-apr-by-lea-caption" className="usa-sr-only">{t.sections.byLea}</caption>
            <thead>
              <tr>{[ecoPageText.lea, t.n, ...STATEMENT_KEYS].map((h) => <th key={h} scope="col">{h}</th>)}</tr>
            </thead>
            <tbody>
              {r.byLea.map((l) => {
                const ns = [...new Set([l.n.A, l.n.B, l.n.C])];
                return (
                  <tr key={l.leaId} data-lea={l.leaCode}>
                    <th scope="row">{l.leaName}</th>
                    <td>{ns.length === 1 ? ns[0] : `${l.n.A}/${l.n.B}/${l.n.C}`}</td>
                    {STATEMENT_KEYS.map((k) => {
                      const s = l.statements[k];
                      return <td key={k}><Pct percent={s?.percent ?? null} target={s?.target ?? null} /></td>;
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

function Quality({ r }: { r: EcoAprReport }): ReactElement {
  const ratings = ['1', '2', '3', '4', '5', '6', '7'];
  return (
    <Section id="quality" title={t.sections.quality}>
      {(['entry', 'exit'] as const).map((kind) => (
        <table key={kind} className="usa-table usa-table--borderless usa-table--compact" data-testid={`eco-apr-${kind}-ratings`}>
          <caption>{t.distributions(kind)}</caption>
          <thead>
            <tr>{[t.outcomeColumn, ...ratings.map((n) => t.rating(n))].map((h) => <th key={h} scope="col">{h}</th>)}</tr>
          </thead>
          <tbody>
            {OUTCOMES.map((o) => (
              <tr key={o}>
                <th scope="row">{t.outcome(o)}</th>
                {ratings.map((n) => <td key={n}>{r.distributions[kind][o][n] ?? 0}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      <h3>{t.patternFlags}</h3>
      {r.patternFlags.length === 0 ? <p>{t.noPatternFlags}</p> : <ul className="usa-list" data-testid="eco-apr-flags">{r.patternFlags.map((f) => <li key={f}>{f}</li>)}</ul>}
    </Section>
  );
}

export function EcoAprReportPage(p: EcoAprReportPageProps): ReactElement {
  const r = p.report;
  const f = p.filters;
  const y1 = Number(r.schoolYear.slice(0, 4));
  const query = aprQuery({ ...f, leaId: r.scope.kind === 'LEA' ? String(r.scope.leaId ?? '') : '' });
  const scopeName = r.scope.kind === 'LEA' ? (r.scope.leaName ?? '') : t.statewide;
  const q = query ? `?${query}` : '';
  return (
    <>
      <PageHeader title={r.title} />
      <ReportPrintHeader
        reportName={r.title}
        filters={[
          { label: ecoPageText.schoolYear, value: r.schoolYear },
          { label: t.scope, value: scopeName },
          { label: t.basis, value: t.bases[r.basis] },
          ...(f.schoolId ? [{ label: t.school, value: p.schools.find((s) => s.value === f.schoolId)?.label ?? f.schoolId }] : []),
          ...(f.disability ? [{ label: t.disability, value: p.disabilities.find((d) => d.value === f.disability)?.label ?? f.disability }] : []),
        ]}
        generatedAt={p.generatedAt}
      />
      <p data-testid="eco-apr-subline">{t.subLine(y1, y1 + 1)}</p>
      <p>{`${t.scope}: ${scopeName}`}</p>
      {r.notForApr ? <p className="usa-alert usa-alert--warning usa-alert--slim padding-1">{t.notForApr}</p> : null}
      <TextBlock block={p.textBlock} />
      <Filters {...p} />
      {r.emptyMessage ? (
        <p data-testid="eco-empty">{r.emptyMessage}</p>
      ) : (
        <>
          <div className="display-flex flex-wrap no-print margin-bottom-2" data-testid="eco-apr-downloads">
            <a className="usa-button usa-button--outline" href={`${ECO_APR_PATH}.csv${q}`} download>{t.downloadSummary}</a>
            {r.scope.kind === 'State' ? <a className="usa-button usa-button--outline" href={`${ECO_APR_PATH}/by-lea.csv${q}`} download>{t.downloadByLea}</a> : null}
            <a className="usa-button usa-button--outline" href={`${ECO_APR_PATH}/children.csv${q}`} download>{t.downloadChildren}</a>
          </div>
          <Counts r={r} />
          <Categories r={r} />
          <Statements r={r} />
          {r.scope.kind === 'State' ? <ByLea r={r} /> : null}
          <Quality r={r} />
        </>
      )}
    </>
  );
}
