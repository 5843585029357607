// reCAPTCHA v3 in the browser (spec §2: a bot-check token is obtained before each login and
// before registration). The script is loaded once, only on pages that need it, with the page's
// CSP nonce. A token is fetched right before each submit because tokens expire after two
// minutes. If the script cannot load (blocked, offline) the form still goes out with an empty
// token: the agency API decides what an empty token means, and the user is never stuck.

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const SCRIPT_ID = 'recaptcha-v3-script';
const TOKEN_TIMEOUT_MS = 8_000;

let loading: Promise<Grecaptcha> | null = null;

function loadScript(siteKey: string, nonce: string): Promise<Grecaptcha> {
  if (loading) return loading;
  loading = new Promise<Grecaptcha>((resolve, reject) => {
    const ready = () => {
      const g = window.grecaptcha;
      if (g) g.ready(() => resolve(g));
      else reject(new Error('reCAPTCHA did not initialise'));
    };
    if (window.grecaptcha) {
      ready();
      return;
    }
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.addEventListener('load', ready);
    script.addEventListener('error', () => {
      loading = null;
      reject(new Error('reCAPTCHA script failed to load'));
    });
    document.head.append(script);
  });
  return loading;
}

/** Starts loading the script early so the first submit does not wait for it. */
export function preloadRecaptcha(siteKey: string | undefined, nonce: string): void {
  if (siteKey) loadScript(siteKey, nonce).catch(() => undefined);
}

/** A fresh token for `action`, or '' when there is no site key or the check is unavailable. */
export async function getRecaptchaToken(siteKey: string | undefined, action: string, nonce: string): Promise<string> {
  if (!siteKey) return '';
  const timeout = new Promise<string>((resolve) => setTimeout(() => resolve(''), TOKEN_TIMEOUT_MS));
  const token = loadScript(siteKey, nonce)
    .then((g) => g.execute(siteKey, { action }))
    .catch(() => '');
  return Promise.race([token, timeout]);
}
