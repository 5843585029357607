// The bot-check token of a plain server form (the login form). It renders the hidden
// recaptchaToken field; once hydrated it holds the form's submit until a fresh token is in the
// field. Without JavaScript, or without a site key, the field is sent empty.
import { useEffect, useRef, type ReactElement } from 'react';
import { getRecaptchaToken, preloadRecaptcha } from './recaptcha.js';

export interface RecaptchaFieldProps {
  siteKey: string;
  /** The reCAPTCHA action name, e.g. 'login'. */
  action: string;
  nonce: string;
}

export default function RecaptchaField({ siteKey, action, nonce }: RecaptchaFieldProps): ReactElement {
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const form = input.current?.form;
    if (!form) return undefined;
    preloadRecaptcha(siteKey, nonce);
    let tokenReady = false;
    const onSubmit = (event: SubmitEvent) => {
      if (tokenReady) return; // the second pass is the real submit
      event.preventDefault();
      const submitter = event.submitter;
      void getRecaptchaToken(siteKey, action, nonce).then((token) => {
        if (input.current) input.current.value = token;
        tokenReady = true;
        // requestSubmit fires submit (and other islands' checks) again, keeping the submitter.
        form.requestSubmit(submitter instanceof HTMLElement ? submitter : undefined);
        tokenReady = false;
      });
    };
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, [siteKey, action, nonce]);

  return <input ref={input} type="hidden" name="recaptchaToken" defaultValue="" />;
}
