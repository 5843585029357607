// Snackbar messages raised in the browser (spec §9): 'Submitting...' while an action runs (at
// least 500 ms), then 'Submitted!' in green for 1 s or 'Error: {message}' in red for 2 s.
// Other islands raise them with showToast / withToast (lib/toast.ts), through a window event.
//
// No JavaScript: there is nothing to raise them; the server's flash messages after each
// redirect (views/components/Flash.tsx) carry the same news. The server renders the two empty
// live regions, so they exist before any message is put in them and are announced.
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { listen, TOAST_EVENT } from '../lib/client-events.js';
import { toastDuration, type ToastMessage } from '../lib/toast.js';

export type ToastsProps = Record<string, never>;

export default function Toasts(_props: ToastsProps): ReactElement {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const timerMap = timers.current;
    const stop = listen<ToastMessage>(TOAST_EVENT, (toast) => {
      if (!toast || typeof toast.id !== 'string' || typeof toast.text !== 'string') return;
      setToasts((list) => [...list.filter((t) => t.id !== toast.id), toast]);
      const previous = timerMap.get(toast.id);
      if (previous) clearTimeout(previous);
      const duration = toastDuration(toast.kind);
      if (duration !== null) {
        timerMap.set(
          toast.id,
          setTimeout(() => {
            timerMap.delete(toast.id);
            setToasts((list) => list.filter((t) => t.id !== toast.id));
          }, duration),
        );
      }
    });
    return () => {
      stop();
      for (const t of timerMap.values()) clearTimeout(t);
      timerMap.clear();
    };
  }, []);

  const render = (t: ToastMessage) => (
    <div key={t.id} className={`toast${t.kind === 'success' ? ' toast--success' : t.kind === 'error' ? ' toast--error' : ''}`}>
      {t.text}
    </div>
  );

  return (
    <div className="toast-region">
      <div role="status" aria-live="polite" className="toast-region__polite">
        {toasts.filter((t) => t.kind !== 'error').map(render)}
      </div>
      <div role="alert" className="toast-region__assertive">
        {toasts.filter((t) => t.kind === 'error').map(render)}
      </div>
    </div>
  );
}
