// A dispute case (/dispute-resolution/cases/:id, DR spec §4.3): the header with the moves this
// user may make, and the tabs (overview, timeline, neutrals, actions, links, documents, withdrawal) as plain
// links. Every change is a plain form posting to the portal (303 on success, 422 with the
// refusal on this page), so the whole page works without JavaScript.
import type { ReactElement, ReactNode } from 'react';
import { formatDateTime, formatDay } from '../../../lib/dates.js';
import { BASIS_NAMES, DEADLINE_NAMES, OUTCOME_NAMES, STATUS_NAMES, TYPE_NAMES, type DrSurveyInvitations, type DrAction, type DrCase, type DrDeadline, type DrLink, type DrWithdrawal } from '../../../lib/dr/contract.js';
import { drText as t } from '../../../lib/dr/page-text.js';
import { ISSUE_CATEGORIES, REQUESTER_TYPES } from '../../../lib/dr/request.js';
import { OUTCOMES } from '../../../lib/dr/status.js';
import { DISPUTE_TYPES } from '../../../lib/dr/cases.js';
import type { FieldError } from '../../../lib/validation/admin-org.js';
import type { TextBlock as TextBlockData } from '../../../lib/contract.js';
import { CsrfField } from '../../components/CsrfField.js';
import { TextBlock } from '../../components/TextBlock.js';
import { ErrorSummary } from '../../components/form/ErrorSummary.js';
import { SelectField } from '../../components/form/SelectField.js';
import { TextField } from '../../components/form/TextField.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { caseHref } from './DrDashboardPage.js';
import { NEUTRAL_TYPE_LABELS } from './DrNeutralsPage.js';
import { DrDocumentsTab } from './DrDocumentsTab.js';
import type { DrDocuments } from '../../../lib/dr/documents.js';
import type { SignRequestItem } from '../../../lib/dr/sign-contract.js';
import { DrSignRequests } from './DrSignRequests.js';

export const CASE_TABS = ['overview', 'timeline', 'neutrals', 'actions', 'links', 'documents', 'withdrawal', 'survey'] as const;
export type CaseTab = (typeof CASE_TABS)[number];

export interface DrCasePageProps {
  c: DrCase;
  tab: CaseTab;
  today: string;
  actions: readonly DrAction[] | null;
  links: readonly DrLink[];
  /** Pending withdrawal requests of this case the user may decide. */
  withdrawals: readonly DrWithdrawal[];
  /** The documents tab's list (null on other tabs, or when the user may not see the case's PII). */
  documents: DrDocuments | null;
  /** State staff: the case's survey invitations (tab=survey). */
  invitations: DrSurveyInvitations | null;
  /** State staff: the case's signature requests (tab=neutrals). */
  signRequests?: readonly SignRequestItem[] | null;
  /** The roster of the type this case needs, for 'assign by hand' (state staff). */
  roster: readonly { userId: string; name: string; nextInRotation: boolean }[];
  neededNeutralType: number;
  can: { assign: boolean; update: boolean; submitCorrective: boolean; verifyCorrective: boolean; seeActions: boolean; editActions: boolean; link: boolean; decideWithdrawal: boolean; requestWithdrawal: boolean; addFilerInfo: boolean };
  /** The form refused on this view, and why. */
  textBlocks: { withdraw: TextBlockData | null; linkInstructions: TextBlockData | null };
  refused: { form: string; errors: readonly FieldError[]; values: Readonly<Record<string, string>> } | null;
  tz: string;
}

const base = (c: DrCase) => `/dispute-resolution/cases/${c.id}`;
const errorOf = (p: DrCasePageProps, form: string, field: string) => (p.refused?.form === form ? p.refused.errors.find((e) => e.field === field)?.message : undefined);
const valueOf = (p: DrCasePageProps, form: string, field: string, fallback = '') => (p.refused?.form === form ? (p.refused.values[field] ?? fallback) : fallback);
const typeOf = (c: DrCase) => (c.disputeType ? DISPUTE_TYPES[c.disputeType as 1 | 2 | 3 | 4 | 5] : null);

function Field({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }): ReactElement {
  return (
    <div className={`dr-field ${className}`}>
      <dt className="text-bold">{label}</dt>
      <dd className="margin-left-0 margin-bottom-1">{children || '—'}</dd>
    </div>
  );
}

/** The screen's state of a deadline: Pending within 7 days reads 'Due soon' (§4.3). */
export function deadlineStatus(d: DrDeadline, today: string): string {
  const due = d.extendedDueDate ?? d.originalDueDate;
  if (d.state === 'Pending' && due) {
    const left = Math.round((Date.parse(`${due}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
    if (left <= 7) return t.timeline.dueSoon;
  }
  return d.state;
}

const dueWithWeekday = (day: string | null) => (day ? formatDay(day) : '');

function Header({ p }: { p: DrCasePageProps }): ReactElement {
  const { c } = p;
  const student = c.piiVisible && c.data.student ? `${c.data.student.firstName ?? ''} ${c.data.student.lastName ?? ''}`.trim() : c.studentInitials;
  return (
    <dl className="dr-case-header grid-row grid-gap">
      <Field className="tablet:grid-col-4" label={t.header.type}>{c.disputeType ? TYPE_NAMES[c.disputeType] : ''}</Field>
      <Field className="tablet:grid-col-4" label={t.header.status}>{STATUS_NAMES[c.status]}</Field>
      <Field className="tablet:grid-col-4" label={t.header.lea}>{c.leaName ?? ''}</Field>
      <Field className="tablet:grid-col-4" label={t.header.student}>{student}</Field>
      <Field className="tablet:grid-col-4" label={t.header.caseManager}>{c.caseManager ?? ''}</Field>
      <Field className="tablet:grid-col-4" label={t.header.received}>{c.receivedDate ? formatDay(c.receivedDate) : ''}</Field>
      {c.outcome ? <Field className="tablet:grid-col-4" label={t.header.outcome}>{OUTCOME_NAMES[c.outcome] ?? ''}</Field> : null}
    </dl>
  );
}

function Moves({ p }: { p: DrCasePageProps }): ReactElement | null {
  const { c } = p;
  const type = typeOf(c);
  if (!p.c.allowedMoves.length || !type) return null;
  const form = 'status';
  const errors = p.refused?.form === form ? p.refused.errors : [];
  return (
    <section aria-labelledby="moves" className="margin-y-2">
      <h2 id="moves" className="usa-sr-only">{t.header.status}</h2>
      <ErrorSummary errors={errors.map((e) => ({ message: e.message }))} id="status-errors" />
      <div className="display-flex flex-wrap flex-align-end">
        {c.allowedMoves.filter((m) => m !== 'Closed').map((m) => (
          <form key={m} method="post" action={`${base(c)}/status`} className="margin-right-2 margin-bottom-1">
            <CsrfField />
            <input type="hidden" name="toStatus" value={m} />
            {c.status === 4 ? <TextField id={`reason-${m}`} name="reason" label={t.close.reason} value={valueOf(p, form, 'reason')} maxLength={1000} /> : null}
            <button type="submit" className="usa-button">{c.status === 4 ? t.moves.Reopen : (t.moves[m] ?? m)}</button>
          </form>
        ))}
      </div>
      {c.allowedMoves.includes('Closed') ? (
        <details className="margin-top-1" open={p.refused?.form === form}>
          <summary className="usa-button usa-button--outline">{t.moves.Closed}</summary>
          <form method="post" action={`${base(c)}/status`} className="usa-form margin-top-1">
            <CsrfField />
            <input type="hidden" name="toStatus" value="Closed" />
            <SelectField
              id="outcome"
              label={t.close.outcome}
              value={valueOf(p, form, 'outcome')}
              options={[{ value: '', label: '' }, ...OUTCOMES[type].map((o) => ({ value: String(o), label: `${o} ${OUTCOME_NAMES[o] ?? ''}` }))]}
            />
            <TextField id="close-reason" name="reason" label={t.close.reason} value={valueOf(p, form, 'reason')} maxLength={1000} />
            {type === 'SC' ? <TextField id="reportDate" type="date" label={t.close.reportDate} value={valueOf(p, form, 'reportDate')} /> : null}
            {type === 'MED' ? <TextField id="agreementDate" type="date" label={t.close.agreementDate} value={valueOf(p, form, 'agreementDate')} /> : null}
            {type === 'DP' || type === 'EDP' ? (
              <>
                <TextField id="hearingDate" type="date" label={t.close.hearingDate} value={valueOf(p, form, 'hearingDate', c.hearingDate ?? '')} />
                <TextField id="decisionDate" type="date" label={t.close.decisionDate} value={valueOf(p, form, 'decisionDate', c.decisionDate ?? '')} />
              </>
            ) : null}
            {type === 'EDP' ? (
              <SelectField id="changeOfPlacementOrdered" label={t.close.changeOfPlacement} value={valueOf(p, form, 'changeOfPlacementOrdered')} options={[{ value: '', label: '' }, { value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }]} />
            ) : null}
            <button type="submit" className="usa-button margin-top-2">{t.moves.Closed}</button>
          </form>
        </details>
      ) : null}
    </section>
  );
}

function Tabs({ p }: { p: DrCasePageProps }): ReactElement {
  const visible = CASE_TABS.filter((tab) => (tab !== 'actions' || p.can.seeActions || p.can.addFilerInfo) && (tab !== 'documents' || p.c.piiVisible) && (tab !== 'survey' || p.can.assign));
  return (
    <nav aria-label={t.caseTitle(p.c.caseNumber ?? '')} className="dr-tabs margin-y-2">
      <ul className="usa-button-group">
        {visible.map((tab) => (
          <li key={tab} className="usa-button-group__item">
            <a className={`usa-button ${tab === p.tab ? '' : 'usa-button--outline'}`} href={caseHref(p.c.id, tab)} aria-current={tab === p.tab ? 'page' : undefined}>
              {t.tabs[tab]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Overview({ p }: { p: DrCasePageProps }): ReactElement {
  const { c } = p;
  const d = c.data;
  const type = typeOf(c);
  const form = 'update';
  return (
    <>
      {c.piiVisible ? (
        <>
          <h2>{t.overview.requester}</h2>
          <dl>
            <Field label="Filed by">{c.requesterType ? REQUESTER_TYPES[c.requesterType as 1] : ''}</Field>
            <Field label="Name">{d.requester?.fullName}</Field>
            <Field label="Email">{d.requester?.email}</Field>
            <Field label="Phone">{d.requester?.phone}</Field>
          </dl>
          {d.student ? (
            <>
              <h2>{t.overview.student}</h2>
              <dl>
                <Field label="Name">{`${d.student.firstName ?? ''} ${d.student.lastName ?? ''}`.trim()}</Field>
                <Field label="Date of birth">{d.student.dateOfBirth ? formatDay(d.student.dateOfBirth) : ''}</Field>
                <Field label="Grade">{d.student.grade}</Field>
              </dl>
            </>
          ) : null}
        </>
      ) : (
        <p className="usa-hint">{t.overview.notShown}</p>
      )}
      {d.issues?.length ? (
        <>
          <h2>{t.overview.issues}</h2>
          <ul className="usa-list">{d.issues.map((code) => <li key={code}>{ISSUE_CATEGORIES.find((i) => i.code === code)?.label ?? code}</li>)}</ul>
        </>
      ) : null}
      {type !== 'SC' ? (
        <>
          {c.piiVisible ? (
            <>
              <h2>{t.overview.problem}</h2>
              <p className="dr-prose">{d.problemDescription}</p>
            </>
          ) : null}
        </>
      ) : (
        <>
          <h2>{t.overview.allegations}</h2>
          <ol className="usa-list">
            {(d.allegations ?? []).map((a, i) => (
              <li key={i}>
                {c.piiVisible ? <p className="margin-y-05">{a.requirement}</p> : null}
                <p className="margin-y-05">{t.overview.finding}: {t.findings[a.finding ?? 0]}</p>
                {(a.correctiveActions ?? []).length ? (
                  <ul className="usa-list">
                    {(a.correctiveActions ?? []).map((ca) => (
                      <li key={ca.id} data-corrective-action={ca.id}>
                        {ca.description} ({t.corrective.due} {formatDay(ca.dueDate)}, {ca.status === 'Open' && ca.dueDate < p.today ? t.corrective.overdue : ca.status})
                        {ca.status === 'Open' && (p.can.submitCorrective || p.can.update) ? (
                          <form method="post" action={`${base(c)}/corrective-actions/${ca.id}`} className="display-inline margin-left-1">
                            <CsrfField />
                            <button type="submit" name="status" value="Submitted" className="usa-button usa-button--unstyled">{t.corrective.submit}<span className="usa-sr-only"> {ca.description}</span></button>
                          </form>
                        ) : null}
                        {ca.status === 'Submitted' && p.can.verifyCorrective ? (
                          <form method="post" action={`${base(c)}/corrective-actions/${ca.id}`} className="display-inline margin-left-1">
                            <CsrfField />
                            <button type="submit" name="status" value="Verified" className="usa-button usa-button--unstyled">{t.corrective.verify}<span className="usa-sr-only"> {ca.description}</span></button>
                          </form>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {a.finding === 1 && p.can.update && c.status !== 0 ? (
                  <form method="post" action={`${base(c)}/corrective-actions`} className="usa-form margin-bottom-2">
                    <CsrfField />
                    <input type="hidden" name="allegation" value={String(i)} />
                    <fieldset className="usa-fieldset">
                      <legend className="usa-legend">{t.corrective.add} ({t.overview.allegations} {i + 1})</legend>
                      {p.refused?.form === `ca-${i}` ? <ErrorSummary errors={p.refused.errors} id={`ca-errors-${i}`} /> : null}
                      <TextField id={`ca-description-${i}`} name="description" label={t.corrective.description} value={valueOf(p, `ca-${i}`, 'description')} maxLength={1000} error={errorOf(p, `ca-${i}`, 'description')} />
                      <TextField id={`ca-due-${i}`} name="dueDate" type="date" label={t.corrective.dueDate} value={valueOf(p, `ca-${i}`, 'dueDate')} error={errorOf(p, `ca-${i}`, 'dueDate')} />
                      <button type="submit" className="usa-button usa-button--outline margin-top-1">{t.corrective.add}</button>
                    </fieldset>
                  </form>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      )}
      {c.piiVisible && d.proposedResolution ? (
        <>
          <h2>{t.overview.proposedResolution}</h2>
          <p className="dr-prose">{d.proposedResolution}</p>
        </>
      ) : null}
      {p.can.update && c.status !== 4 && c.status !== 0 ? (
        <form method="post" action={`${base(c)}/update`} className="usa-form usa-form--large margin-top-3">
          <CsrfField />
          <fieldset className="usa-fieldset">
            <legend className="usa-legend usa-legend--large">{t.overview.dates}</legend>
            <ErrorSummary errors={p.refused?.form === form ? p.refused.errors : []} id="update-errors" />
            {type === 'SC' ? (
              <div className="usa-checkbox">
                <input className="usa-checkbox__input" type="checkbox" id="contentChecklistComplete" name="contentChecklistComplete" value="on" defaultChecked={c.contentChecklistComplete} />
                <label className="usa-checkbox__label" htmlFor="contentChecklistComplete">{t.overview.checklist}</label>
              </div>
            ) : null}
            {type === 'MED' || type === 'IEPF' ? (
              <TextField id="bothPartiesAgreedDate" type="date" label={t.overview.bothPartiesAgreedDate} value={valueOf(p, form, 'bothPartiesAgreedDate', c.bothPartiesAgreedDate ?? '')} error={errorOf(p, form, 'bothPartiesAgreedDate')} />
            ) : null}
            {type === 'DP' || type === 'EDP' ? (
              <>
                <TextField id="hearingDate-edit" name="hearingDate" type="date" label={t.overview.hearingDate} value={valueOf(p, form, 'hearingDate', c.hearingDate ?? '')} error={errorOf(p, form, 'hearingDate')} />
                <TextField id="decisionDate-edit" name="decisionDate" type="date" label={t.overview.decisionDate} value={valueOf(p, form, 'decisionDate', c.decisionDate ?? '')} error={errorOf(p, form, 'decisionDate')} />
              </>
            ) : null}
            {type === 'SC'
              ? (d.allegations ?? []).map((a, i) => (
                  <SelectField
                    key={i}
                    id={`finding-${i}`}
                    label={`${t.overview.finding} ${i + 1}`}
                    value={String(a.finding ?? 0)}
                    options={[0, 1, 2, 3, 4].map((f) => ({ value: String(f), label: t.findings[f] ?? '' }))}
                  />
                ))
              : null}
            <button type="submit" className="usa-button margin-top-2">{t.overview.edit}</button>
          </fieldset>
        </form>
      ) : null}
    </>
  );
}

function Timeline({ p }: { p: DrCasePageProps }): ReactElement {
  const { c } = p;
  const form = 'extension';
  const pending = c.deadlines.filter((d) => d.state === 'Pending' || d.state === 'Overdue');
  return (
    <>
      {c.deadlines.length === 0 ? (
        <p>{t.timeline.none}</p>
      ) : (
        <div className="table-scroll">
          <table className="usa-table usa-table--borderless usa-table--stacked width-full" data-testid="deadlines">
            <caption>{p.can.seeActions ? t.timeline.caption : t.timeline.history}</caption>
            <thead>
              <tr>
                {[t.timeline.deadline, t.timeline.basis, t.timeline.due, t.timeline.extendedTo, t.timeline.metOn, t.timeline.status, t.timeline.citation].map((h) => <th key={h} scope="col">{h}</th>)}
              </tr>
            </thead>
            <tbody>
              {c.deadlines.map((d) => (
                <tr key={d.code} data-code={d.code}>
                  <th scope="row" data-label={t.timeline.deadline}>
                    {DEADLINE_NAMES[d.code] ?? d.code}
                    <details className="margin-top-05">
                      <summary className="usa-link">{t.timeline.showCalculation}<span className="usa-sr-only"> {DEADLINE_NAMES[d.code] ?? d.code}</span></summary>
                      <ol className="usa-list font-body-2xs">{d.trail.map((line, i) => <li key={i}>{line}</li>)}</ol>
                    </details>
                  </th>
                  <td data-label={t.timeline.basis}>{BASIS_NAMES[d.basis]}</td>
                  <td data-label={t.timeline.due}>{dueWithWeekday(d.originalDueDate)}</td>
                  <td data-label={t.timeline.extendedTo}>{dueWithWeekday(d.extendedDueDate)}</td>
                  <td data-label={t.timeline.metOn}>{dueWithWeekday(d.metDate)}</td>
                  <td data-label={t.timeline.status}>{deadlineStatus(d, p.today)}</td>
                  <td data-label={t.timeline.citation}>{d.citation}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {p.can.update && c.status !== 4 && pending.length ? (
        <form method="post" action={`${base(c)}/extensions`} className="usa-form usa-form--large margin-top-3">
          <CsrfField />
          <fieldset className="usa-fieldset">
            <legend className="usa-legend usa-legend--large">{t.timeline.recordExtension}</legend>
            <ErrorSummary errors={p.refused?.form === form ? p.refused.errors : []} id="extension-errors" />
            <SelectField id="deadlineCode" label={t.extension.deadline} value={valueOf(p, form, 'deadlineCode')} options={pending.map((d) => ({ value: d.code, label: DEADLINE_NAMES[d.code] ?? d.code }))} error={errorOf(p, form, 'deadlineCode')} />
            <TextField id="newDueDate" type="date" label={t.extension.newDueDate} value={valueOf(p, form, 'newDueDate')} error={errorOf(p, form, 'newDueDate')} />
            <TextField id="grantedDate" type="date" label={t.extension.grantedDate} value={valueOf(p, form, 'grantedDate', p.today)} error={errorOf(p, form, 'grantedDate')} />
            <SelectField id="reason" label={t.extension.reason} value={valueOf(p, form, 'reason')} options={[{ value: '', label: '' }, ...Object.entries(t.extensionReasons).map(([value, label]) => ({ value, label }))]} error={errorOf(p, form, 'reason')} />
            <SelectField id="requestedBy" label={t.extension.requestedBy} value={valueOf(p, form, 'requestedBy')} options={[{ value: '', label: '' }, { value: 'Parent', label: 'Parent' }, { value: 'LEA', label: 'LEA' }]} error={errorOf(p, form, 'requestedBy')} />
            <TextField id="note" label={t.extension.note} value={valueOf(p, form, 'note')} maxLength={1000} />
            <button type="submit" className="usa-button margin-top-2">{t.extension.save}</button>
          </fieldset>
        </form>
      ) : null}
    </>
  );
}


function Neutrals({ p }: { p: DrCasePageProps }): ReactElement {
  const { c } = p;
  const list = c.assignments;
  const form = 'assign';
  const open = c.status !== 4 && c.status !== 0;
  return (
    <>
      {!list.length ? (
        <p>{t.neutrals.none}</p>
      ) : (
        <table className="usa-table usa-table--borderless usa-table--stacked width-full" data-testid="assignments">
          <caption>{t.neutrals.caption}</caption>
          <thead>
            <tr>{[t.neutrals.name, t.neutrals.role, t.neutrals.method, t.neutrals.status, t.neutrals.assigned, ...(p.can.assign ? [t.columns.actions] : [])].map((h) => <th key={h} scope="col">{h}</th>)}</tr>
          </thead>
          <tbody>
            {list.map((a) => (
              <tr key={a.id}>
                <th scope="row" data-label={t.neutrals.name}>{a.name}</th>
                <td data-label={t.neutrals.role}>{NEUTRAL_TYPE_LABELS[a.neutralType]}</td>
                <td data-label={t.neutrals.method}>{t.methods[a.method]}</td>
                <td data-label={t.neutrals.status}>{a.status}{a.endReason ? ` (${a.endReason})` : ''}</td>
                <td data-label={t.neutrals.assigned}>{formatDateTime(a.assignedAt, p.tz)}</td>
                {p.can.assign ? (
                  <td data-label={t.columns.actions}>
                    {a.status === 'Proposed' || a.status === 'Accepted' ? (
                      <form method="post" action={`${base(c)}/assignments/${a.id}/remove`} className="display-flex flex-align-end">
                        <CsrfField />
                        <TextField id={`remove-reason-${a.id}`} name="reason" label={`${t.neutrals.removeReason} (${a.name})`} value="" maxLength={1000} error={errorOf(p, `remove-${a.id}`, 'reason')} />
                        <button type="submit" className="usa-button usa-button--outline margin-left-1">{t.neutrals.remove}<span className="usa-sr-only"> {a.name}</span></button>
                      </form>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {p.can.assign && open ? (
        <form method="post" action={`${base(c)}/assignments`} className="usa-form usa-form--large margin-top-3">
          <CsrfField />
          <fieldset className="usa-fieldset">
            <legend className="usa-legend usa-legend--large">{t.neutrals.assign}</legend>
            <ErrorSummary errors={p.refused?.form === form ? p.refused.errors : []} id="assign-errors" />
            <SelectField
              id="neutralType"
              label={t.neutrals.role}
              value={valueOf(p, form, 'neutralType', String(p.neededNeutralType))}
              options={[1, 2, 3, 4, 5, 6].map((n) => ({ value: String(n), label: NEUTRAL_TYPE_LABELS[n] ?? '' }))}
              error={errorOf(p, form, 'neutralType')}
            />
            <SelectField
              id="userId"
              label={t.neutrals.person}
              hint={t.neutrals.personHint}
              value={valueOf(p, form, 'userId')}
              options={[{ value: '', label: t.neutrals.byRotation }, ...p.roster.map((n) => ({ value: n.userId, label: `${n.name}${n.nextInRotation ? ` (${t.neutrals.next})` : ''}` }))]}
              error={errorOf(p, form, 'userId')}
            />
            <button type="submit" className="usa-button margin-top-2">{t.neutrals.assign}</button>
          </fieldset>
        </form>
      ) : null}
    </>
  );
}

const ACTION_TYPES = [
  'ISSUES_LETTER_SENT', 'REPORT_ISSUED', 'SUFFICIENCY_CHALLENGE', 'SUFFICIENCY_RULING', 'RESOLUTION_MEETING_HELD', 'RESOLUTION_WAIVED', 'MEDIATION_INSTEAD_OF_RM',
  'NO_AGREEMENT_POSSIBLE', 'MEDIATION_CONTINUED', 'WITHDREW_FROM_MEDIATION', 'PARENT_DELAYED_RM', 'HO_STARTED_TIMELINE', 'AGREEMENT_SIGNED', 'AGREEMENT_VOIDED',
  'HEARING_HELD', 'DECISION_ISSUED', 'APPEAL_FILED', 'REVIEW_DECISION_ISSUED', 'SESSION_HELD', 'AMENDED_COMPLAINT', 'CA_VERIFIED', 'NOTE',
];
/** 'RESOLUTION_MEETING_HELD' → 'Resolution meeting held'. */
export const actionLabel = (code: string) => (code === 'ADDITIONAL_INFORMATION' ? t.actionLog.filerInfo : code.charAt(0) + code.slice(1).toLowerCase().replaceAll('_', ' '));

function Actions({ p }: { p: DrCasePageProps }): ReactElement {
  const { c } = p;
  const form = 'action';
  return (
    <>
      {!p.actions?.length ? (
        <p>{t.actionLog.none}</p>
      ) : (
        <table className="usa-table usa-table--borderless usa-table--stacked width-full" data-testid="actions">
          <caption>{t.actionLog.caption}</caption>
          <thead>
            <tr>{[t.actionLog.date, t.actionLog.action, t.actionLog.note, t.actionLog.visibility, t.actionLog.by].map((h) => <th key={h} scope="col">{h}</th>)}</tr>
          </thead>
          <tbody>
            {p.actions.map((a) => (
              <tr key={a.id}>
                <th scope="row" data-label={t.actionLog.date}>{formatDay(a.actionDate)}</th>
                <td data-label={t.actionLog.action}>{actionLabel(a.type)}</td>
                <td data-label={t.actionLog.note} className="dr-prose">{a.note}</td>
                <td data-label={t.actionLog.visibility}>{a.visibility}</td>
                <td data-label={t.actionLog.by}>{a.createdBy}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(p.can.editActions || p.can.addFilerInfo) && c.status !== 0 ? (
        <form method="post" action={`${base(c)}/actions`} className="usa-form usa-form--large margin-top-3">
          <CsrfField />
          <fieldset className="usa-fieldset">
            <legend className="usa-legend usa-legend--large">{p.can.editActions ? t.actionLog.add : t.actionLog.filerInfo}</legend>
            <ErrorSummary errors={p.refused?.form === form ? p.refused.errors : []} id="action-errors" />
            {p.can.editActions ? (
              <SelectField id="type" label={t.actionLog.type} value={valueOf(p, form, 'type')} options={ACTION_TYPES.map((code) => ({ value: code, label: actionLabel(code) }))} error={errorOf(p, form, 'type')} />
            ) : (
              <input type="hidden" name="type" value="ADDITIONAL_INFORMATION" />
            )}
            <TextField id="actionDate" type="date" label={t.actionLog.date} value={valueOf(p, form, 'actionDate', p.today)} error={errorOf(p, form, 'actionDate')} />
            <div className="usa-form-group">
              <label className="usa-label" htmlFor="action-note">{t.actionLog.note}</label>
              <textarea className="usa-textarea" id="action-note" name="note" maxLength={4000} defaultValue={valueOf(p, form, 'note')} />
            </div>
            {p.can.editActions ? (
              <SelectField id="visibility" label={t.actionLog.visibility} value={valueOf(p, form, 'visibility', 'Internal')} options={[{ value: 'Internal', label: 'Internal' }, { value: 'Parties', label: 'Parties' }]} />
            ) : null}
            <button type="submit" className="usa-button margin-top-2">{p.can.editActions ? t.actionLog.add : t.actionLog.filerInfo}</button>
          </fieldset>
        </form>
      ) : null}
    </>
  );
}

function Links({ p }: { p: DrCasePageProps }): ReactElement {
  const { c } = p;
  const form = 'link';
  return (
    <>
      <TextBlock block={p.textBlocks.linkInstructions} headingLevel={3} />
      {!p.links.length ? (
        <p>{t.links.none}</p>
      ) : (
        <table className="usa-table usa-table--borderless width-full">
          <caption>{t.links.caption}</caption>
          <thead>
            <tr>{[t.columns.caseNumber, t.columns.type, t.columns.status, t.links.relation].map((h) => <th key={h} scope="col">{h}</th>)}</tr>
          </thead>
          <tbody>
            {p.links.map((l) => (
              <tr key={l.id}>
                <th scope="row"><a href={caseHref(l.other.id)}>{l.other.caseNumber}</a></th>
                <td>{l.other.disputeType ? TYPE_NAMES[l.other.disputeType] : ''}</td>
                <td>{STATUS_NAMES[l.other.status]}</td>
                <td>{t.relations[l.relation]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {p.can.link ? (
        <form method="post" action={`${base(c)}/links`} className="usa-form margin-top-3">
          <CsrfField />
          <fieldset className="usa-fieldset">
            <legend className="usa-legend usa-legend--large">{t.links.add}</legend>
            <ErrorSummary errors={p.refused?.form === form ? p.refused.errors : []} id="link-errors" />
            <TextField id="caseNumber" label={t.links.caseNumber} value={valueOf(p, form, 'caseNumber')} maxLength={20} error={errorOf(p, form, 'caseNumber')} />
            <SelectField id="relation" label={t.links.relation} value={valueOf(p, form, 'relation', '1')} options={[1, 2, 3, 4, 5].map((r) => ({ value: String(r), label: t.relations[r] ?? '' }))} />
            <button type="submit" className="usa-button margin-top-2">{t.links.add}</button>
          </fieldset>
        </form>
      ) : null}
    </>
  );
}

function Withdrawal({ p }: { p: DrCasePageProps }): ReactElement {
  const { c } = p;
  const form = 'withdrawal';
  return (
    <>
      {c.pendingWithdrawal ? <p className="usa-alert usa-alert--info usa-alert--slim padding-1">{t.withdrawal.pending}</p> : null}
      {p.withdrawals.map((w) => (
        <div key={w.id} className="border-1px border-base-lighter padding-2 margin-y-2">
          <p><strong>{w.requestedBy}</strong>, {formatDateTime(w.requestedAt, p.tz)}</p>
          <p className="dr-prose">{w.reason}</p>
          <form method="post" action={`${base(c)}/withdrawals/${w.id}`} className="usa-form">
            <CsrfField />
            <ErrorSummary errors={p.refused?.form === `decide-${w.id}` ? p.refused.errors : []} id={`decide-errors-${w.id}`} />
            <TextField id={`decision-note-${w.id}`} name="note" label={t.withdrawal.decisionNote} value={valueOf(p, `decide-${w.id}`, 'note')} maxLength={1000} />
            <button type="submit" name="status" value="Approved" className="usa-button margin-top-2">{t.withdrawal.approve}</button>
            <button type="submit" name="status" value="Declined" className="usa-button usa-button--outline margin-top-2">{t.withdrawal.decline}</button>
          </form>
        </div>
      ))}
      {p.can.requestWithdrawal && !c.pendingWithdrawal && c.status !== 4 && c.status !== 0 ? (
        <form method="post" action={`${base(c)}/withdrawals`} className="usa-form usa-form--large">
          <CsrfField />
          <fieldset className="usa-fieldset">
            <legend className="usa-legend usa-legend--large">{t.withdrawal.request}</legend>
            <TextBlock block={p.textBlocks.withdraw} headingLevel={3} />
            <ErrorSummary errors={p.refused?.form === form ? p.refused.errors : []} id="withdrawal-errors" />
            <div className="usa-form-group">
              <label className="usa-label" htmlFor="withdrawal-reason">{t.withdrawal.reason}</label>
              {errorOf(p, form, 'reason') ? <span className="usa-error-message" id="withdrawal-reason-error">{errorOf(p, form, 'reason')}</span> : null}
              <textarea className="usa-textarea" id="withdrawal-reason" name="reason" maxLength={1000} defaultValue={valueOf(p, form, 'reason')} aria-describedby={errorOf(p, form, 'reason') ? 'withdrawal-reason-error' : undefined} />
            </div>
            <button type="submit" className="usa-button margin-top-2">{t.withdrawal.request}</button>
          </fieldset>
        </form>
      ) : !c.pendingWithdrawal && !p.withdrawals.length ? (
        <p>{t.withdrawal.none}</p>
      ) : null}
    </>
  );
}

function SurveyInvitations({ p }: { p: DrCasePageProps }): ReactElement {
  const list = p.invitations ?? [];
  if (!list.length) return <p>{t.surveyTab.none}</p>;
  return (
    <table className="usa-table usa-table--borderless usa-table--stacked width-full" data-testid="survey-invitations">
      <caption>{t.surveyTab.caption}</caption>
      <thead>
        <tr>{[t.surveyTab.survey, t.surveyTab.recipient, t.surveyTab.sent, t.surveyTab.expires, t.surveyTab.responded].map((h) => <th key={h} scope="col">{h}</th>)}</tr>
      </thead>
      <tbody>
        {list.map((i) => (
          <tr key={i.id}>
            <th scope="row" data-label={t.surveyTab.survey}>{i.survey}</th>
            <td data-label={t.surveyTab.recipient}>{`${i.recipientRole}: ${i.email}`}</td>
            <td data-label={t.surveyTab.sent}>{formatDateTime(i.sentAt, p.tz)}</td>
            <td data-label={t.surveyTab.expires}>{formatDateTime(i.expiresAt, p.tz)}</td>
            <td data-label={t.surveyTab.responded}>{i.respondedAt ? formatDateTime(i.respondedAt, p.tz) : t.surveyTab.notYet}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function DrCasePage(p: DrCasePageProps): ReactElement {
  const title = p.c.caseNumber ? t.caseTitle(p.c.caseNumber) : t.draft;
  return (
    <>
      <PageHeader title={title} backHref="/dispute-resolution/dashboard" />
      <Header p={p} />
      <Moves p={p} />
      <Tabs p={p} />
      <section aria-labelledby="tab-heading">
        <h2 id="tab-heading" className="usa-sr-only">{t.tabs[p.tab]}</h2>
        {p.tab === 'overview' ? <Overview p={p} /> : null}
        {p.tab === 'timeline' ? <Timeline p={p} /> : null}
        {p.tab === 'neutrals' ? <Neutrals p={p} /> : null}
        {p.tab === 'neutrals' && p.signRequests ? <DrSignRequests c={p.c} requests={p.signRequests} refused={p.refused} tz={p.tz} /> : null}
        {p.tab === 'actions' ? <Actions p={p} /> : null}
        {p.tab === 'links' ? <Links p={p} /> : null}
        {p.tab === 'survey' ? <SurveyInvitations p={p} /> : null}
        {p.tab === 'documents' ? <DrDocumentsTab caseId={p.c.id} documents={p.documents} refused={p.refused} tz={p.tz} /> : null}
        {p.tab === 'withdrawal' ? <Withdrawal p={p} /> : null}
      </section>
    </>
  );
}
