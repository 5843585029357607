// The account emails (verify an address, reset or set a password): plain text with the link
// written out in full, and a simple HTML version with every interpolated value escaped.
import type { OutgoingEmail } from './context.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function compose(to: string, subject: string, greetingName: string, paragraphs: string[], link: { label: string; url: string }, footer: string): OutgoingEmail {
  const text = [`Hello ${greetingName},`, '', ...paragraphs.flatMap((p) => [p, '']), `${link.label}: ${link.url}`, '', footer].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(greetingName)},</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    `<p>${escapeHtml(footer)}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

const IGNORE = 'If you did not ask for this, you can ignore this email.';

export function verificationEmail(to: string, fullName: string, portalPublicUrl: string, token: string): OutgoingEmail {
  const url = `${portalPublicUrl}/auth/login?uid=${encodeURIComponent(token)}`;
  return compose(
    to,
    'Verify your email address',
    fullName,
    [
      'Thank you for creating an account to request dispute resolution.',
      'Please verify your email address with the link below. The link works once and expires in 7 days.',
    ],
    { label: 'Verify your email address', url },
    IGNORE,
  );
}

/** To the owner of an address someone tried to register again: how to get in instead. */
export function registrationAttemptEmail(to: string, fullName: string, portalPublicUrl: string): OutgoingEmail {
  return compose(
    to,
    'Someone tried to register with your email address',
    fullName,
    [
      'Someone, perhaps you, tried to create a dispute resolution account with this email address, which already has an account.',
      'No new account was created. To get into your account, sign in with the link below. If you forgot your password, choose Forgot Password on the sign-in page. If your address is not verified yet, the sign-in page offers a new verification email.',
    ],
    { label: 'Sign in', url: `${portalPublicUrl}/auth/login` },
    'If it was not you, you can ignore this email: nothing about your account changed.',
  );
}

export function resetPasswordEmail(to: string, fullName: string, portalPublicUrl: string, token: string): OutgoingEmail {
  const url = `${portalPublicUrl}/auth/reset-password?email=${encodeURIComponent(to)}&token=${encodeURIComponent(token)}`;
  return compose(
    to,
    'Reset your password',
    fullName,
    ['We received a request to reset the password of your account.', 'The link below works once and expires in 1 hour.'],
    { label: 'Reset your password', url },
    IGNORE,
  );
}

export function setPasswordEmail(to: string, fullName: string, portalPublicUrl: string, token: string): OutgoingEmail {
  const url = `${portalPublicUrl}/auth/reset-password?email=${encodeURIComponent(to)}&token=${encodeURIComponent(token)}`;
  return compose(
    to,
    'Your compliance portal account',
    fullName,
    // The link opens the page titled Reset Password (spec §2): the email says so, so nobody wonders.
    ['An administrator created an account for you on the compliance portal.', 'To start, set your password on the Reset Password page that the link below opens. The link works once and expires in 7 days.'],
    { label: 'Open the Reset Password page', url },
    'If you did not expect this account, please contact the state education agency.',
  );
}

/** To a new address entered for an account: the change waits for this link (issue 10, finding 1). */
export function confirmEmailChangeEmail(to: string, fullName: string, portalPublicUrl: string, token: string): OutgoingEmail {
  const url = `${portalPublicUrl}/auth/confirm-email?token=${encodeURIComponent(token)}`;
  return compose(
    to,
    'Confirm your new email address',
    fullName,
    [
      'This address was entered as the new email address of your compliance portal account.',
      'The change takes effect only when you confirm it with the link below. The link works once and expires in 3 days.',
    ],
    { label: 'Confirm your new email address', url },
    'If you did not expect this, ignore this email: the account keeps its current address.',
  );
}

/** To the current address of an account whose address someone asked to change. */
export function emailChangeNoticeEmail(to: string, fullName: string, portalPublicUrl: string, newEmail: string): OutgoingEmail {
  return compose(
    to,
    'A change of your email address was requested',
    fullName,
    [
      `Someone asked to change the email address of your compliance portal account to ${newEmail}.`,
      'Nothing changes unless that address confirms it. If you did not ask for this, tell your administrator, and sign in to check your account.',
    ],
    { label: 'Sign in', url: `${portalPublicUrl}/auth/login` },
    'This email is sent for your security; you do not need to answer it.',
  );
}
