// The email log must not hold working links (issue 10, finding 10): anyone who may read it
// (App.emaillogs.view) could otherwise reset a password or verify an address before its owner.
// The one-time secrets ride in the query string of the portal's links (token=, uid=), so those
// values are replaced when an email is logged, and again when a log entry is read (for entries
// written before this rule).

export const REDACTED = '[removed from the log]';

const SECRET_PARAM = /([?&](?:token|uid)=)[^&\s"'<>]+/gi;

export function redactLinkSecrets(text: string): string {
  return text.replace(SECRET_PARAM, `$1${REDACTED}`);
}
