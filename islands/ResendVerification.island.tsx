// Resend of the verification email on /auth/account-created (spec §2, §4, §8, §9). The server
// keeps the 300 s lock in the session and renders the remaining seconds, so a reload shows the
// same countdown; this island only counts down locally and posts the resend as JSON. Without
// JavaScript the same form posts to the server, which refuses while locked.
import { useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { errorMessages, uiText } from '../lib/messages.js';
import { formatCountdown, secondsUntil } from '../lib/format-countdown.js';
import { apiFetch } from './api.js';
import { readJson } from './json.js';

export const RESEND_ACTION = '/auth/account-created/resend';
/** How long "Verification email sent!" stays up (spec §8: 5 seconds). */
export const SENT_NOTICE_MS = 5_000;

export interface ResendVerificationProps {
  csrfToken: string;
  uid: string;
  email: string;
  /** Seconds left on the lock when the page was rendered (0 when resend is allowed). */
  lockSeconds: number;
}

type Notice = { kind: 'sent' } | { kind: 'failed'; message: string } | null;

export default function ResendVerification({ csrfToken, uid, email, lockSeconds }: ResendVerificationProps): ReactElement {
  const [remaining, setRemaining] = useState(lockSeconds);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  // The lock's end on this browser's clock, so the countdown does not drift while a tab sleeps.
  const lockEnd = useRef<number | null>(null);

  const locked = remaining > 0;

  // The server's remaining seconds, anchored to this browser's clock once hydrated.
  useEffect(() => {
    if (lockSeconds > 0) lockEnd.current = Date.now() + lockSeconds * 1000;
  }, [lockSeconds]);

  useEffect(() => {
    if (!locked) return undefined;
    const timer = setInterval(() => {
      const end = lockEnd.current;
      setRemaining(end === null ? 0 : secondsUntil(end, Date.now()));
    }, 1_000);
    return () => clearInterval(timer);
  }, [locked]);

  useEffect(() => {
    if (notice?.kind !== 'sent') return undefined;
    const timer = setTimeout(() => setNotice(null), SENT_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  function startLock(seconds: number) {
    lockEnd.current = Date.now() + seconds * 1000;
    setRemaining(seconds);
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (remaining > 0 || sending) return;
    setSending(true);
    setNotice(null);
    try {
      const response = await apiFetch(RESEND_ACTION, { method: 'POST', body: JSON.stringify({ uid, email }) });
      const body = await readJson(response);
      if (body.retryAfterSeconds && body.retryAfterSeconds > 0) startLock(body.retryAfterSeconds);
      setNotice(response.ok && body.ok ? { kind: 'sent' } : { kind: 'failed', message: body.message ?? errorMessages.resendFailed });
    } catch {
      setNotice({ kind: 'failed', message: errorMessages.resendFailed });
    } finally {
      setSending(false);
    }
  };

  return (
    <form method="post" action={RESEND_ACTION} noValidate onSubmit={(e) => void submit(e)} className="resend-verification">
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="uid" value={uid} />
      <input type="hidden" name="email" value={email} />
      <p id="resend-prompt">{uiText.resendPrompt}</p>
      <button type="submit" className="usa-button usa-button--outline" disabled={locked || sending} aria-describedby="resend-prompt resend-wait">
        {sending ? uiText.pleaseWait : uiText.resendVerification}
      </button>
      {/* The countdown is not a live region: announcing every second would drown a screen
          reader. It is described by the button and re-read when focus returns to it. */}
      <p id="resend-wait" className="resend-verification__wait" data-testid="resend-wait">
        {locked ? uiText.resendWait(formatCountdown(remaining)) : ''}
      </p>
      <div role="status" aria-live="polite">
        {notice?.kind === 'sent' ? (
          <div className="usa-alert usa-alert--success usa-alert--slim">
            <div className="usa-alert__body">
              <p className="usa-alert__text">{errorMessages.verificationEmailSent}</p>
            </div>
          </div>
        ) : null}
      </div>
      <div role="alert">
        {notice?.kind === 'failed' ? (
          <div className="usa-alert usa-alert--error usa-alert--slim">
            <div className="usa-alert__body">
              <p className="usa-alert__text">{notice.message}</p>
            </div>
          </div>
        ) : null}
      </div>
    </form>
  );
}
