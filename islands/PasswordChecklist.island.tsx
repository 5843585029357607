// The password requirements beside a plain (server-validated) new-password field, ticked off as
// the user types once JavaScript runs; without it the list stays as the server wrote it and the
// server names every unmet rule on submit. The field itself stays a plain form input.
import { useEffect, useState, type ReactElement } from 'react';
import { PasswordRequirementList } from '../views/components/form/PasswordRequirementList.js';

export interface PasswordChecklistProps {
  /** The list's id (the field's aria-describedby points at it). */
  id: string;
  /** The id of the new-password input to follow. */
  inputId: string;
}

export default function PasswordChecklist({ id, inputId }: PasswordChecklistProps): ReactElement {
  const [password, setPassword] = useState('');
  useEffect(() => {
    const input = document.getElementById(inputId);
    if (!(input instanceof HTMLInputElement)) return undefined;
    const follow = () => setPassword(input.value);
    follow();
    input.addEventListener('input', follow);
    return () => input.removeEventListener('input', follow);
  }, [inputId]);
  return <PasswordRequirementList id={id} password={password} />;
}
