// Confirmation (spec §9: title 'Are you sure?', buttons Ok and Cancel, 350 px; the promise form
// 450 px). Two renderings of the same question:
// - ConfirmDialog: a native <dialog> holding the POST form. Cancel is a formmethod="dialog"
//   button, so it closes the dialog without submitting, natively. The ConfirmDialog island
//   opens it with showModal().
// - ConfirmPage: the no-JavaScript fallback, a page with the question and the same POST form,
//   reached by the trigger link's href.
import type { ReactElement, ReactNode, Ref } from 'react';
import { uiText } from '../../lib/messages.js';
import { CsrfField } from './CsrfField.js';

export interface ConfirmQuestion {
  title?: string;
  /** Plain text; paragraphs split on blank lines. */
  message: string;
  okLabel?: string;
  cancelLabel?: string;
  /** Where Ok posts. */
  action: string;
  /** Hidden fields posted with Ok. */
  fields?: Readonly<Record<string, string>>;
}

function Paragraphs({ text }: { text: string }): ReactElement {
  return (
    <>
      {text.split(/\n\s*\n/).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </>
  );
}

function HiddenFields({ fields }: { fields: Readonly<Record<string, string>> }): ReactElement {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

export interface ConfirmDialogProps extends ConfirmQuestion {
  id: string;
  /** The page's CSRF token (islands get it as a prop; they cannot read the request context). */
  csrfToken: string;
  /** 'confirm' 350 px (default) or 'confirm-promise' 450 px. */
  width?: 'confirm' | 'confirm-promise';
  dialogRef?: Ref<HTMLDialogElement>;
  /** Rendered open (non-modal) by the server. */
  open?: boolean;
  /** Disables Ok while the island submits. */
  busy?: boolean;
  children?: ReactNode;
}

export function ConfirmDialog(props: ConfirmDialogProps): ReactElement {
  const { id, title = uiText.confirmTitle, message, okLabel = uiText.ok, cancelLabel = uiText.cancel, action, fields = {} } = props;
  const titleId = `${id}-title`;
  const bodyId = `${id}-body`;
  return (
    <dialog
      ref={props.dialogRef}
      id={id}
      className={`portal-dialog dialog-${props.width ?? 'confirm'}`}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      open={props.open}
    >
      <h2 className="portal-dialog__title" id={titleId}>
        {title}
      </h2>
      <div className="portal-dialog__body" id={bodyId}>
        <Paragraphs text={message} />
        {props.children}
      </div>
      <form method="post" action={action}>
        <input type="hidden" name="_csrf" value={props.csrfToken} />
        <HiddenFields fields={fields} />
        <div className="portal-dialog__actions">
          {/* The one order of the portal: the action, then Cancel (as on the page without
              JavaScript); the island focuses Cancel when it opens, the safe choice. */}
          <button type="submit" className="usa-button" disabled={props.busy}>
            {okLabel}
          </button>
          <button type="submit" formMethod="dialog" formNoValidate value="cancel" className="usa-button usa-button--outline" data-dialog-cancel="">
            {cancelLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

export interface ConfirmPageProps extends ConfirmQuestion {
  /** Where Cancel leads (the page the user came from). */
  cancelHref: string;
}

/** The confirmation as a page of its own, for browsers without JavaScript. */
export function ConfirmPage(props: ConfirmPageProps): ReactElement {
  const { title = uiText.confirmTitle, message, okLabel = uiText.ok, cancelLabel = uiText.cancel, action, fields = {}, cancelHref } = props;
  return (
    <div className="confirm-page">
      <h1 tabIndex={-1}>{title}</h1>
      <div className="usa-prose">
        <Paragraphs text={message} />
      </div>
      <form method="post" action={action}>
        <CsrfField />
        <HiddenFields fields={fields} />
        <div className="button-row">
          <button type="submit" className="usa-button">
            {okLabel}
          </button>
          <a className="usa-button usa-button--outline" href={cancelHref}>
            {cancelLabel}
          </a>
        </div>
      </form>
    </div>
  );
}
