// Snackbar rules (spec §8, §9): a wrapped action shows 'Submitting...' for at least 500 ms,
// then 'Submitted!' (green, 1 s) or 'Error: {message}' (red, 2 s); without a message the error
// is 'Something went wrong!'. Custom texts replace the defaults.
import { emit, TOAST_EVENT } from './client-events.js';
import { errorMessages, uiText } from './messages.js';

export const TOAST_MIN_DISPLAY_MS = 500;
export const TOAST_SUCCESS_MS = 1_000;
export const TOAST_ERROR_MS = 2_000;

export type ToastKind = 'pending' | 'success' | 'error' | 'info';

export interface ToastMessage {
  /** A toast with the id of a shown one replaces it (pending → success). */
  id: string;
  kind: ToastKind;
  text: string;
}

/** How long a toast stays; null: until replaced (the pending one). */
export function toastDuration(kind: ToastKind): number | null {
  if (kind === 'pending') return null;
  if (kind === 'error') return TOAST_ERROR_MS;
  return TOAST_SUCCESS_MS;
}

/** The error text: the custom one, else 'Error: {message}', else 'Something went wrong!'. */
export function errorToastText(error: unknown, custom?: string): string {
  if (custom) return custom;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return message ? errorMessages.snackbarError(message) : errorMessages.somethingWentWrong;
}

export function showToast(toast: ToastMessage): void {
  emit<ToastMessage>(TOAST_EVENT, toast);
}

export interface WithToastOptions {
  pending?: string;
  success?: string;
  error?: string;
  emit?: (toast: ToastMessage) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

let counter = 0;

/** Runs an action with the pending / success / error toasts; resolves or rejects as it does. */
export async function withToast<T>(action: () => Promise<T>, options: WithToastOptions = {}): Promise<T> {
  const send = options.emit ?? showToast;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = options.now ?? Date.now;
  counter += 1;
  const id = `toast-${counter}`;
  const started = now();
  send({ id, kind: 'pending', text: options.pending ?? uiText.submitting });
  const settle = async () => {
    const shown = now() - started;
    if (shown < TOAST_MIN_DISPLAY_MS) await sleep(TOAST_MIN_DISPLAY_MS - shown);
  };
  try {
    const result = await action();
    await settle();
    send({ id, kind: 'success', text: options.success ?? uiText.submitted });
    return result;
  } catch (error) {
    await settle();
    send({ id, kind: 'error', text: errorToastText(error, options.error) });
    throw error;
  }
}
