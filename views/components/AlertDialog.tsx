// An alert (spec §9: title 'Notice', 600 px) as a native <dialog role="alertdialog">. Its Ok
// button is in a method="dialog" form, so it closes the dialog natively, JavaScript or not.
// Islands open it with showModal(); the server can render it open (non-modal) with `open`.
import type { ReactElement, ReactNode, Ref } from 'react';
import { uiText } from '../../lib/messages.js';

export interface AlertDialogProps {
  id: string;
  title?: string;
  message: ReactNode;
  okLabel?: string;
  open?: boolean;
  dialogRef?: Ref<HTMLDialogElement>;
  /** Replaces the Ok button (e.g. 'Refresh Now'). */
  actions?: ReactNode;
}

export function AlertDialog({ id, title = uiText.alertTitle, message, okLabel = uiText.ok, open, dialogRef, actions }: AlertDialogProps): ReactElement {
  const titleId = `${id}-title`;
  const bodyId = `${id}-body`;
  return (
    <dialog
      ref={dialogRef}
      id={id}
      className="portal-dialog dialog-alert"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      open={open}
    >
      <h2 className="portal-dialog__title" id={titleId}>
        {title}
      </h2>
      <div className="portal-dialog__body" id={bodyId}>
        {typeof message === 'string' ? <p>{message}</p> : message}
      </div>
      <form method="dialog">
        <div className="portal-dialog__actions">
          {actions ?? (
            <button type="submit" className="usa-button">
              {okLabel}
            </button>
          )}
        </div>
      </form>
    </dialog>
  );
}
