// The hidden CSRF field every <form method="post"> carries (checked by server/csrf.ts).
import type { ReactElement } from 'react';
import { useRequestContext } from '../request-context.js';

export function CsrfField(): ReactElement {
  const { csrfToken } = useRequestContext();
  return <input type="hidden" name="_csrf" value={csrfToken} />;
}
