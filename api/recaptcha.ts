// The bot check (reCAPTCHA v3) on sign-in and registration. With RECAPTCHA_SECRET set, the token
// is verified with the provider and a failure, a timeout or a low score refuses the request; without
// it the check is skipped (development and tests), which is logged once.
import { fetch } from 'undici';
import { z } from 'zod';
import type { Logger } from 'pino';
import type { ApiConfig } from './config.js';
import { badRequest } from './http.js';

/** v3 scores run from 0.0 (bot) to 1.0 (human); Google's suggested threshold. */
export const RECAPTCHA_MIN_SCORE = 0.5;
export const RECAPTCHA_TIMEOUT_MS = 5_000;
export const RECAPTCHA_FAILED_MESSAGE = 'The bot check failed. Please reload the page and try again.';

const siteVerifyResponse = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

export type RecaptchaCheck = (token: string, remoteIp?: string) => Promise<void>;

export function createRecaptchaCheck(
  config: Pick<ApiConfig, 'recaptchaSecret' | 'recaptchaVerifyUrl'>,
  log: Pick<Logger, 'debug' | 'info' | 'warn'>,
  timeoutMs = RECAPTCHA_TIMEOUT_MS,
): RecaptchaCheck {
  let skipLogged = false;
  const refuse = () => badRequest(RECAPTCHA_FAILED_MESSAGE, { code: 'recaptcha_failed' });

  return async (token, remoteIp) => {
    const secret = config.recaptchaSecret;
    if (!secret) {
      if (!skipLogged) {
        skipLogged = true;
        log.debug('RECAPTCHA_SECRET is not set: the bot check is skipped');
      }
      return;
    }
    if (!token) throw refuse();
    const form = new URLSearchParams({ secret, response: token });
    if (remoteIp) form.set('remoteip', remoteIp);
    let verdict: z.infer<typeof siteVerifyResponse>;
    try {
      const res = await fetch(config.recaptchaVerifyUrl, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`siteverify answered ${res.status}`);
      verdict = siteVerifyResponse.parse(await res.json());
    } catch (err) {
      // Fail closed: when the provider cannot vouch for the request, it is refused.
      log.warn({ err }, 'reCAPTCHA verification could not be completed');
      throw refuse();
    }
    if (!verdict.success || (verdict.score !== undefined && verdict.score < RECAPTCHA_MIN_SCORE)) {
      log.info({ score: verdict.score, errors: verdict['error-codes'] }, 'reCAPTCHA refused a request');
      throw refuse();
    }
  };
}
