// The case's signature requests on the neutrals tab (DR spec §4.3, §8; state staff): the parent's
// choice of three (offered names, answer due, ranking once answered), 'Offer three hearing officers'
// on a parent-filed DP/EDP without a hearing officer, and 'Send agreement to participate' (MED,
// IEPF) or 'Send resolution meeting waiver' (DP, EDP). Plain forms; the portal posts them to the API.
import type { ReactElement } from 'react';
import { formatDateTime } from '../../../lib/dates.js';
import type { DrCase } from '../../../lib/dr/contract.js';
import type { SignRequestItem } from '../../../lib/dr/sign-contract.js';
import { signText as t, type SignPurpose } from '../../../lib/dr/sign-text.js';
import type { FieldError } from '../../../lib/validation/admin-org.js';
import { CsrfField } from '../../components/CsrfField.js';
import { ErrorSummary } from '../../components/form/ErrorSummary.js';
import { TextField } from '../../components/form/TextField.js';

export interface DrSignRequestsProps {
  c: DrCase;
  requests: readonly SignRequestItem[];
  refused: { form: string; errors: readonly FieldError[]; values: Readonly<Record<string, string>> } | null;
  tz: string;
}

/** The purposes state staff may send from the case page now. */
export function sendablePurposes(c: DrCase, requests: readonly SignRequestItem[], now: number): SignPurpose[] {
  if (c.status === 0 || c.status === 4) return [];
  const type = c.disputeType;
  const hearing = type === 4 || type === 5;
  const out: SignPurpose[] = [];
  if (type === 1 || type === 2) out.push(2);
  if (hearing) out.push(3);
  const hasOfficer = c.assignments.some((a) => a.neutralType === 3 && (a.status === 'Proposed' || a.status === 'Accepted'));
  const openOffer = requests.some((r) => r.purpose === 4 && !r.completedAt && !r.lapsedAt && Date.parse(r.expiresAt) > now);
  if (hearing && c.requesterType !== 6 && !hasOfficer && !openOffer) out.push(4);
  return out;
}

const LABELS: Readonly<Record<SignPurpose, string>> = { 1: t.sendForSignature, 2: t.sendAgreement, 3: t.sendWaiver, 4: t.offerThree };

function SendForm({ c, purpose, refused }: { c: DrCase; purpose: SignPurpose; refused: DrSignRequestsProps['refused'] }): ReactElement {
  const form = `sign-${purpose}`;
  const mine = refused?.form === form ? refused : null;
  const err = (f: string) => mine?.errors.find((e) => e.field === f)?.message;
  const requester = c.data.requester;
  return (
    <form method="post" action={`/dispute-resolution/cases/${c.id}/sign-requests`} className="usa-form usa-form--large margin-top-3">
      <CsrfField />
      <input type="hidden" name="purpose" value={String(purpose)} />
      <fieldset className="usa-fieldset">
        <legend className="usa-legend">{LABELS[purpose]}</legend>
        <ErrorSummary errors={mine?.errors ?? []} id={`${form}-errors`} fieldIds={{ recipientName: `${form}-recipientName`, recipientEmail: `${form}-recipientEmail` }} autoFocus={Boolean(mine)} />
        <TextField id={`${form}-recipientName`} name="recipientName" label={t.recipientName} maxLength={200} value={mine?.values.recipientName ?? requester?.fullName ?? ''} error={err('recipientName')} />
        <TextField id={`${form}-recipientEmail`} name="recipientEmail" type="email" label={t.recipientEmail} maxLength={320} value={mine?.values.recipientEmail ?? requester?.email ?? ''} error={err('recipientEmail')} />
        <button type="submit" className="usa-button usa-button--outline margin-top-2">{LABELS[purpose]}</button>
      </fieldset>
    </form>
  );
}

export function DrSignRequests({ c, requests, refused, tz }: DrSignRequestsProps): ReactElement {
  const nameOf = (r: SignRequestItem, id: string) => r.offered.find((o) => o.userId === id)?.name ?? '';
  return (
    <section className="margin-top-4" aria-labelledby="sign-requests-heading">
      <h2 id="sign-requests-heading">{t.signRequests}</h2>
      {requests.length ? (
        <table className="usa-table usa-table--borderless usa-table--stacked width-full" data-testid="sign-requests">
          <thead>
            <tr>{[t.purposeLabel, t.recipientName, t.expires, t.completed, t.offered, t.ranking].map((h) => <th key={h} scope="col">{h}</th>)}</tr>
          </thead>
          <tbody>
            {requests.map((r) => (
              <tr key={r.id}>
                <th scope="row" data-label={t.purposeLabel}>{r.purposeName}</th>
                <td data-label={t.recipientName}>{r.recipientName}</td>
                <td data-label={t.expires}>{formatDateTime(r.expiresAt, tz)}</td>
                <td data-label={t.completed}>{r.completedAt ? formatDateTime(r.completedAt, tz) : t.pending}</td>
                <td data-label={t.offered}>{r.offered.map((o) => o.name).join(', ')}</td>
                <td data-label={t.ranking}>{r.purpose === 4 ? (r.ranking ? r.ranking.map((id) => nameOf(r, id)).join(', ') : t.noAnswer) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {sendablePurposes(c, requests, Date.now()).map((purpose) => <SendForm key={purpose} c={c} purpose={purpose} refused={refused} />)}
    </section>
  );
}
