// A button that asks for confirmation before a POST (spec §9 confirmation dialog).
//
// No JavaScript: the trigger is a link to `fallbackHref`, a confirmation page the server
// renders with ConfirmPage (views/components/ConfirmDialog.tsx) holding the same POST form.
// With JavaScript: the trigger is a button opening a native <dialog> (showModal: focus moves in
// and stays in, Escape closes, focus returns to the button). Ok submits the form to `action`
// as a normal POST (the server answers 303 with a flash); Cancel closes the dialog.
import { useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { ConfirmDialog as ConfirmDialogView } from '../views/components/ConfirmDialog.js';

export interface ConfirmDialogProps {
  triggerLabel: string;
  /** usa-button modifiers for the trigger, e.g. 'usa-button--secondary' or 'usa-button--unstyled'. */
  triggerClass?: string;
  title?: string;
  message: string;
  okLabel?: string;
  cancelLabel?: string;
  action: string;
  fields?: Record<string, string>;
  csrfToken: string;
  /** The confirmation page for browsers without JavaScript. */
  fallbackHref: string;
  width?: 'confirm' | 'confirm-promise';
}

export default function ConfirmDialog(props: ConfirmDialogProps): ReactElement {
  const { triggerLabel, triggerClass, fallbackHref, ...question } = props;
  const [enhanced, setEnhanced] = useState(false);
  const [busy, setBusy] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  // Unique on the page: each island root has its own identifierPrefix (islands/client.ts).
  const id = `confirm-dialog${useId()}`;
  const className = `usa-button${triggerClass ? ` ${triggerClass}` : ''}`;

  useEffect(() => setEnhanced(true), []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    // Ok posts the form: keep the button from being pressed twice while the page unloads.
    const onSubmit = (e: SubmitEvent) => {
      const submitter = e.submitter as HTMLButtonElement | null;
      if (submitter?.formMethod === 'dialog') return;
      setBusy(true);
    };
    const onPageShow = () => setBusy(false);
    dialog.addEventListener('submit', onSubmit);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      dialog.removeEventListener('submit', onSubmit);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [enhanced]);

  if (!enhanced) {
    return (
      <a className={className} href={fallbackHref}>
        {triggerLabel}
      </a>
    );
  }
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => {
          const dialog = dialogRef.current;
          if (!dialog) return;
          dialog.showModal();
          // The safe choice has the focus, whatever the buttons' order.
          dialog.querySelector<HTMLButtonElement>('[data-dialog-cancel]')?.focus();
        }}>
        {triggerLabel}
      </button>
      <ConfirmDialogView id={id} dialogRef={dialogRef} busy={busy} {...question} />
    </>
  );
}
