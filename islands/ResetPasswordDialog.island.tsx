// The Reset Password dialog of the login screen (spec §2: width 300 px, an email, Cancel and
// Submit). Server-rendered as a link to /auth/forgot-password, which is the whole feature
// without JavaScript; once hydrated the link opens a native <dialog> instead and the request
// goes to the same endpoint as JSON.
import { useEffect, useRef, useState, type FormEvent, type MouseEvent, type ReactElement } from 'react';
import { errorMessages, uiText } from '../lib/messages.js';
import { loginEmailError } from '../lib/validation/auth-rules.js';
import { TextField } from '../views/components/form/TextField.js';
import { Button } from '../views/components/form/Button.js';
import { apiFetch } from './api.js';
import { readJson } from './json.js';

export interface ResetPasswordDialogProps {
  /** The id of the login form's email input, to start the dialog with what was typed there. */
  loginEmailId?: string;
}

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'error'; message: string };

export default function ResetPasswordDialog({ loginEmailId = 'userName' }: ResetPasswordDialogProps): ReactElement {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLAnchorElement>(null);
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [sentMessage, setSentMessage] = useState('');
  const fieldError = touched ? loginEmailError(email.trim()) : null;

  // Closing by Escape or Cancel returns focus to the link that opened the dialog.
  useEffect(() => {
    const d = dialog.current;
    if (!d) return undefined;
    const onClose = () => opener.current?.focus();
    d.addEventListener('close', onClose);
    return () => d.removeEventListener('close', onClose);
  }, []);

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    const d = dialog.current;
    if (!d || typeof d.showModal !== 'function') return; // very old browser: follow the link
    event.preventDefault();
    const typed = (document.getElementById(loginEmailId) as HTMLInputElement | null)?.value.trim() ?? '';
    setEmail(typed);
    setTouched(false);
    setStatus({ kind: 'idle' });
    setSentMessage('');
    d.showModal();
  };

  const close = () => dialog.current?.close();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    const value = email.trim();
    if (loginEmailError(value)) {
      document.getElementById('reset-email')?.focus();
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      const response = await apiFetch('/auth/forgot-password', { method: 'POST', body: JSON.stringify({ email: value }) });
      const body = await readJson(response);
      if (response.ok) {
        setStatus({ kind: 'idle' });
        setSentMessage(body.message ?? errorMessages.passwordRecoverySent);
        close();
        return;
      }
      setStatus({ kind: 'error', message: body.message ?? errorMessages.passwordRecoveryFailed });
    } catch {
      setStatus({ kind: 'error', message: errorMessages.passwordRecoveryFailed });
    }
  };

  return (
    <div className="reset-password">
      <a ref={opener} href="/auth/forgot-password" className="usa-link" onClick={open}>
        {uiText.forgotPassword}
      </a>
      <div role="status" aria-live="polite" className="reset-password__status">
        {sentMessage ? (
          <div className="usa-alert usa-alert--success usa-alert--slim usa-alert--no-icon margin-top-2">
            <div className="usa-alert__body">
              <p className="usa-alert__text">{sentMessage}</p>
            </div>
          </div>
        ) : null}
      </div>
      <dialog ref={dialog} className="portal-dialog portal-dialog--reset-password" aria-labelledby="reset-password-title">
        <form noValidate onSubmit={(e) => void submit(e)}>
          <h2 id="reset-password-title" className="portal-dialog__title">
            {uiText.resetPassword}
          </h2>
          <p id="reset-password-intro">{uiText.resetPasswordDialogIntro}</p>
          {status.kind === 'error' ? (
            <div className="usa-alert usa-alert--error usa-alert--slim" role="alert">
              <div className="usa-alert__body">
                <p className="usa-alert__text">{status.message}</p>
              </div>
            </div>
          ) : null}
          <TextField
            id="reset-email"
            name="email"
            label={uiText.emailLabel}
            type="email"
            autoComplete="email"
            required
            value={email}
            error={fieldError}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => setTouched(true)}
            describedBy="reset-password-intro"
          />
          <ul className="usa-button-group portal-dialog__actions">
            <li className="usa-button-group__item">
              <Button type="submit" disabled={status.kind === 'sending'}>
                {status.kind === 'sending' ? uiText.pleaseWait : uiText.submit}
              </Button>
            </li>
            <li className="usa-button-group__item">
              <Button variant="outline" onClick={close}>
                {uiText.cancel}
              </Button>
            </li>
          </ul>
        </form>
      </dialog>
    </div>
  );
}
