// The session-timeout warning (WCAG 2.2.1 Timing Adjustable; GOV.UK pattern). At least two
// minutes before the idle timeout a modal dialog says when the user will be signed out and
// offers 'Stay signed in' (POST /auth/keep-alive, which touches the session) or Sign Out. When
// the time runs out the browser goes to the login page, which brings the user back here.
// Every answer from the portal (any island's fetch) and activity in another tab of the portal
// restart the clock, since the server session was extended then.
//
// No JavaScript: there is no clock to warn with. The server renders a <noscript> note saying
// how long an idle session lasts; after that the next request goes to the login page with a
// returnUrl, so the user comes back to the page they asked for.
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { listen, reportServerResponse, SERVER_RESPONSE_EVENT } from '../lib/client-events.js';
import { formatCountdown, secondsUntil } from '../lib/format-countdown.js';
import { shellText } from '../lib/messages.js';
import { expiredLoginUrl, MIN_WARNING_SECONDS, timeoutPlan } from '../lib/session-timeout.js';
import { apiFetch } from './api.js';

export const KEEP_ALIVE_PATH = '/auth/keep-alive';
const CHANNEL = 'portal-session-activity';

export interface SessionTimeoutWarningProps {
  /** The server session's idle lifetime. */
  idleSeconds: number;
  /** How long before the end to warn (at least 120). */
  warnSeconds?: number;
  csrfToken: string;
}

export default function SessionTimeoutWarning({ idleSeconds, warnSeconds = MIN_WARNING_SECONDS, csrfToken }: SessionTimeoutWarningProps): ReactElement {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [deadline, setDeadline] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);
  const [busy, setBusy] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const channel = useRef<BroadcastChannel | null>(null);

  const clearTimers = () => {
    for (const t of timers.current) clearTimeout(t);
    timers.current = [];
  };

  // (Re)start the clock from now: warn, then expire.
  const restart = useCallback(() => {
    clearTimers();
    const plan = timeoutPlan(idleSeconds, warnSeconds);
    const started = Date.now();
    if (dialogRef.current?.open) dialogRef.current.close();
    setDeadline(null);
    timers.current.push(
      setTimeout(() => {
        setDeadline(started + plan.expireAfterMs);
        setRemaining(secondsUntil(started + plan.expireAfterMs, Date.now()));
        if (!dialogRef.current?.open) dialogRef.current?.showModal();
      }, plan.warnAfterMs),
      setTimeout(() => {
        window.location.assign(expiredLoginUrl(window.location.pathname + window.location.search));
      }, plan.expireAfterMs),
    );
  }, [idleSeconds, warnSeconds]);

  useEffect(() => {
    restart();
    const stop = listen(SERVER_RESPONSE_EVENT, () => {
      restart();
      channel.current?.postMessage('activity');
    });
    if (typeof BroadcastChannel === 'function') {
      channel.current = new BroadcastChannel(CHANNEL);
      channel.current.onmessage = () => restart();
      // This page load was a request: tell the other tabs the session was just extended.
      channel.current.postMessage('activity');
    }
    return () => {
      clearTimers();
      stop();
      channel.current?.close();
      channel.current = null;
    };
  }, [restart]);

  // The countdown in the dialog, once a second while it is open.
  useEffect(() => {
    if (deadline === null) return undefined;
    const tick = setInterval(() => setRemaining(secondsUntil(deadline, Date.now())), 1_000);
    return () => clearInterval(tick);
  }, [deadline]);

  // Escape would close the dialog without extending the session: treat it as Stay signed in.
  const staySignedIn = async () => {
    setBusy(true);
    try {
      const response = await apiFetch(KEEP_ALIVE_PATH, { method: 'POST', body: '{}' });
      if (response.status === 401) {
        window.location.assign(expiredLoginUrl(window.location.pathname + window.location.search));
        return;
      }
      // Restarts this clock, tells the other tabs and VersionCheck.
      reportServerResponse(response);
    } catch {
      // Network trouble: leave the warning up; the user can try again or sign out.
    } finally {
      setBusy(false);
    }
  };

  const minutes = Math.round(idleSeconds / 60);
  return (
    <>
      <noscript>
        <p className="session-timeout__noscript">{shellText.sessionTimeoutNoScript(minutes)}</p>
      </noscript>
      <dialog
        ref={dialogRef}
        className="portal-dialog dialog-confirm-promise session-timeout"
        role="alertdialog"
        aria-labelledby="session-timeout-title"
        aria-describedby="session-timeout-body"
        onCancel={(e) => {
          e.preventDefault();
          void staySignedIn();
        }}
      >
        <h2 className="portal-dialog__title" id="session-timeout-title">
          {shellText.sessionTimeoutTitle}
        </h2>
        {/* Not a live region: read once when the dialog opens, not every second. */}
        <p className="portal-dialog__body" id="session-timeout-body">
          {shellText.sessionTimeoutBody(formatCountdown(remaining))}
        </p>
        <div className="portal-dialog__actions">
          {/* First, so showModal() focuses it. */}
          <button type="button" className="usa-button" disabled={busy} onClick={() => void staySignedIn()}>
            {shellText.staySignedIn}
          </button>
          <form method="post" action="/auth/logout">
            <input type="hidden" name="_csrf" value={csrfToken} />
            <button type="submit" className="usa-button usa-button--outline">
              {shellText.signOut}
            </button>
          </form>
        </div>
      </dialog>
    </>
  );
}
