// The ECO status page (/child-search/status/{childId}, ECO spec §3.6): the child's details in
// full, one panel per record (dates, days of services, statuses, due dates, categories A/B/C,
// inclusion per outcome, flags, unlock requests), the history of events with the changed fields
// old → new, and the actions 'Edit child', 'Start new record' and 'Delete child'. The delete
// confirmation is its own page (EcoDeletePage), so no JavaScript is needed.
import type { ReactElement } from 'react';
import { ecoChildText as t } from '../../../lib/eco/child-text.js';
import { exitReasons, OUTCOMES, type Outcome } from '../../../lib/eco/codes.js';
import type { EcoChildDetail, EcoEvent, EcoRecordSummary, EcoScorePage } from '../../../lib/eco/contract.js';
import { routeById } from '../../../lib/routes.js';
import { messageDate } from '../../../lib/shared/messages.js';
import { CsrfField } from '../../components/CsrfField.js';
import { ErrorSummary } from '../../components/form/ErrorSummary.js';
import { TextField } from '../../components/form/TextField.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { CHILD_LIST_PATH } from './EcoChildListPage.js';
import { DueDate, FlagChips, statusPath, StatusText } from './EcoChildParts.js';

export { statusPath };

/** The categories per record id, from the exit ratings' answer. */
export type RecordExtras = Record<number, NonNullable<EcoScorePage['categories']>>;

export interface EcoStatusPageProps {
  detail: EcoChildDetail;
  /** The disability categories' labels by code (the list manager's words). */
  disabilityLabels: Readonly<Record<string, string>>;
  categories: RecordExtras;
  canEdit: boolean;
  errors: readonly { field: string; message: string }[];
  /** What was typed in 'Start new record'. */
  entryDate: string;
}

const assessment = (s: string | null): string => t.assessmentStatus[s ?? 'none'] ?? '';

/** A value of the history's changes, as a person reads it. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return t.empty;
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(value) ? messageDate(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function inclusion(r: EcoRecordSummary, cell: { category: string; label: string } | null | undefined): string {
  if (r.status === 'not-included' && r.notIncludedLabel) return t.notIncluded(r.notIncludedLabel);
  if (cell?.category === 'invalid') return t.notIncluded(cell.label);
  if (r.exitDate && (r.exitStatus === 'submitted' || r.exitStatus === 'finalized') && cell) return t.included;
  return t.empty;
}

interface UnlockRequest {
  id: number;
  type: 'entry' | 'exit';
  reason: string;
  status: 'open' | 'approved' | 'declined';
  at: string;
}

/** The unlock requests of a record and their outcome, read from its history (§2.5). */
function unlockRequestsOf(r: EcoRecordSummary, events: readonly EcoEvent[]): UnlockRequest[] {
  const mine = events.filter((e) => e.recordId === r.recordId).sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id - b.id));
  const out: UnlockRequest[] = [];
  for (const e of mine) {
    const type = e.assessmentId === r.exitAssessmentId ? 'exit' : 'entry';
    if (e.action === 'unlock-requested') out.push({ id: e.id, type, reason: e.reason ?? '', status: 'open', at: e.at });
    else if (e.action === 'unlock-declined' || e.action === `${type}-unlocked`) {
      const open = out.find((u) => u.status === 'open' && u.type === type);
      if (open) open.status = e.action === 'unlock-declined' ? 'declined' : 'approved';
    }
  }
  return out;
}

function RecordPanel({ r, categories, events }: { r: EcoRecordSummary; categories: RecordExtras[number] | undefined; events: readonly EcoEvent[] }): ReactElement {
  const requests = unlockRequestsOf(r, events);
  const headingId = `record-${r.recordId}`;
  const row = (label: string, value: ReactElement | string | null) => (
    <div className="grid-row grid-gap-2 margin-bottom-05">
      <dt className="grid-col-12 tablet:grid-col-4 text-bold">{label}</dt>
      <dd className="grid-col-12 tablet:grid-col-8 margin-left-0">{value ?? t.empty}</dd>
    </div>
  );
  return (
    <section aria-labelledby={headingId} className="usa-card margin-bottom-2" data-testid="record-panel">
      <div className="usa-card__container">
        <div className="usa-card__header">
          <h3 id={headingId} className="usa-card__heading">
            {t.record(r.entryDate)}
          </h3>
        </div>
        <div className="usa-card__body">
          <dl>
            {row(t.leaLabel, r.leaName)}
            {row(t.entryDate, messageDate(r.entryDate))}
            {row(t.columns.exitDate, r.exitDate ? messageDate(r.exitDate) : null)}
            {r.exitReason ? row(t.exitReasonLabel, r.exitNote ? `${exitReasons[r.exitReason].label}: ${r.exitNote}` : exitReasons[r.exitReason].label) : null}
            {row(t.daysOfService, r.daysOfService === null ? null : String(r.daysOfService))}
            {row(t.entryRatings, <a href={`/child-search/entryscore/${r.recordId}`}>{assessment(r.entryStatus)}</a>)}
            {row(t.exitRatings, <a href={`/child-search/exitscore/${r.recordId}`}>{assessment(r.exitStatus)}</a>)}
            {row(t.status, <StatusText label={r.statusLabel} reason={r.notIncludedLabel} />)}
            {row(t.entryDue, r.dueDate ? <DueDate day={r.dueDate} overdue={r.overdue} /> : null)}
          </dl>
          <table className="usa-table usa-table--borderless width-full">
            <caption>{t.categories}</caption>
            <thead>
              <tr>
                <th scope="col">{t.outcomeColumn}</th>
                <th scope="col">{t.categoryColumn}</th>
                <th scope="col">{t.inclusionColumn}</th>
              </tr>
            </thead>
            <tbody>
              {OUTCOMES.map((x: Outcome) => {
                const cell = categories?.[x] ?? null;
                return (
                  <tr key={x}>
                    <th scope="row">{t.outcome(x)}</th>
                    <td>{cell && cell.category !== 'invalid' ? cell.category : t.empty}</td>
                    <td>{inclusion(r, cell)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <h4>{t.flags}</h4>
          {r.flags.length ? <FlagChips flags={r.flags} /> : <p>{t.noFlags}</p>}
          {requests.length ? (
            <>
              <h4>{t.unlockRequests}</h4>
              <ul className="usa-list">
                {requests.map((u) => (
                  <li key={u.id}>
                    {messageDate(u.at.slice(0, 10))}: {t.unlockRequest(u.type === 'entry' ? t.columns.entry : t.columns.exit, t.unlockStatus[u.status] ?? u.status, u.reason)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </div>
    </section>
  );
}

const dateTime = (iso: string): string => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', month: '2-digit', day: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(d);
};

function History({ events }: { events: readonly EcoEvent[] }): ReactElement {
  const h = t.historyColumns;
  return (
    <section aria-labelledby="history">
      <h2 id="history">{t.history}</h2>
      <div className="table-scroll">
        <table className="usa-table usa-table--borderless usa-table--stacked width-full" data-testid="history">
          <caption className="usa-sr-only">{t.history}</caption>
          <thead>
            <tr>
              <th scope="col">{h.at}</th>
              <th scope="col">{h.user}</th>
              <th scope="col">{h.action}</th>
              <th scope="col">{h.reason}</th>
              <th scope="col">{h.changes}</th>
            </tr>
          </thead>
          <tbody>
            {events.map((e) => (
              <tr key={e.id}>
                <td data-label={h.at}>{dateTime(e.at)}</td>
                <td data-label={h.user}>{e.userName}</td>
                <td data-label={h.action}>{t.actions[e.action] ?? e.action}</td>
                <td data-label={h.reason}>{e.reason ?? ''}</td>
                <td data-label={h.changes}>
                  {e.changes.length ? (
                    <ul className="usa-list usa-list--unstyled">
                      {e.changes.map((c, i) => (
                        <li key={`${c.field}-${i}`}>{t.change(t.fields[c.field] ?? c.field, shown(c.old), shown(c.new))}</li>
                      ))}
                    </ul>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function EcoStatusPage({ detail, disabilityLabels, categories, canEdit, errors, entryDate }: EcoStatusPageProps): ReactElement {
  const c = detail.child;
  const name = `${c.lastName}, ${c.firstName}`;
  const last = detail.records[detail.records.length - 1];
  const canStart = canEdit && (!last || last.exitDate !== null);
  const fieldError = (f: string) => errors.find((e) => e.field === f)?.message;
  const row = (label: string, value: string | null) => (
    <div className="grid-row grid-gap-2 margin-bottom-05">
      <dt className="grid-col-12 tablet:grid-col-4 text-bold">{label}</dt>
      <dd className="grid-col-12 tablet:grid-col-8 margin-left-0">{value ?? t.empty}</dd>
    </div>
  );
  return (
    <>
      <PageHeader
        title={t.statusHeading(name)}
        backHref={CHILD_LIST_PATH}
        actions={
          canEdit ? (
            <>
              <a className="usa-button" href={`${statusPath(c.id)}/edit`}>
                {t.editChild}
              </a>
              {detail.canDelete ? (
                <a className="usa-button usa-button--secondary" href={`${statusPath(c.id)}/delete`}>
                  {t.deleteChild}
                </a>
              ) : null}
            </>
          ) : undefined
        }
      />
      <ErrorSummary errors={errors.map((e) => ({ field: e.field === 'form' ? undefined : e.field, message: e.message }))} />
      <section aria-labelledby="child-details">
        <h2 id="child-details">{t.childDetails}</h2>
        <dl data-testid="child-details">
          {row(t.ssid, c.stateStudentId)}
          {row(t.lastName, c.lastName)}
          {row(t.firstName, c.firstName)}
          {row(t.middleName, c.middleName)}
          {row(t.birthDate, messageDate(c.birthDate))}
          {row(t.leaLabel, c.leaName)}
          {row(t.school, c.schoolName)}
          {row(t.disability, disabilityLabels[c.disabilityCategory] ?? c.disabilityCategory)}
        </dl>
      </section>
      <section aria-labelledby="records">
        <h2 id="records">{t.columns.status}</h2>
        {detail.records.map((r) => (
          <RecordPanel key={r.recordId} r={r} categories={categories[r.recordId]} events={detail.events} />
        ))}
        {canStart ? (
          <form method="post" action={`${statusPath(c.id)}/records`} className="usa-form" noValidate>
            <CsrfField />
            <TextField id="newEntryDate" name="entryDate" label={t.newRecordEntryDate} type="date" hint={t.dateHint} value={entryDate} error={fieldError('newEntryDate')} />
            <button type="submit" className="usa-button">
              {t.startNewRecord}
            </button>
          </form>
        ) : null}
      </section>
      <History events={detail.events} />
    </>
  );
}

/** 'Delete child': the confirmation the spec words, then the POST. */
export function EcoDeletePage({ detail, errors }: { detail: EcoChildDetail; errors: readonly { field: string; message: string }[] }): ReactElement {
  const c = detail.child;
  return (
    <>
      <PageHeader title={t.deleteHeading(`${c.lastName}, ${c.firstName}`)} backHref={statusPath(c.id)} />
      <ErrorSummary errors={errors.map((e) => ({ message: e.message }))} />
      <form method="post" action={`${statusPath(c.id)}/delete`}>
        <CsrfField />
        <p className="font-body-lg">{t.deleteConfirm}</p>
        <button type="submit" className="usa-button usa-button--secondary">
          {t.deleteChild}
        </button>
        <a className="usa-button usa-button--outline" href={statusPath(c.id)}>
          {t.cancel}
        </a>
      </form>
    </>
  );
}

/** /child-search/status without a child: where to find one. */
export function EcoStatusPickPage(): ReactElement {
  return (
    <>
      <PageHeader title={routeById('eco.status').menuLabel} backHref={CHILD_LIST_PATH} />
      <p>{t.statusPick}</p>
      <ul className="usa-list">
        <li>
          <a href={CHILD_LIST_PATH}>{t.childListLink}</a>
        </li>
        <li>
          <a href="/child-search/search">{t.searchLink}</a>
        </li>
      </ul>
    </>
  );
}
