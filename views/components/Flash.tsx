// One-time messages after a redirect (server/flash.ts). Errors are announced at once
// (role=alert), success and information politely (role=status). The JavaScript counterpart,
// for messages raised in the browser, is the Toasts island.
import type { ReactElement } from 'react';
import type { Flash as FlashMessage } from '../../server/session-types.js';

const alertClass: Record<FlashMessage['type'], string> = {
  success: 'usa-alert--success',
  error: 'usa-alert--error',
  info: 'usa-alert--info',
};

export function Flash({ messages }: { messages: readonly FlashMessage[] }): ReactElement | null {
  if (messages.length === 0) return null;
  return (
    <div className="portal-flash">
      {messages.map((m, i) => (
        <div key={i} className={`usa-alert usa-alert--slim ${alertClass[m.type]}`} role={m.type === 'error' ? 'alert' : 'status'}>
          <div className="usa-alert__body">
            <p className="usa-alert__text">{m.text}</p>
          </div>
        </div>
      ))}
    </div>
  );
}
