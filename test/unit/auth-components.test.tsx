// The auth screens' building blocks, rendered on the server as a browser without JavaScript
// receives them. Islands are rendered exactly as <Island> renders them (renderToString, no
// request context), so one that needs a DOM or server context fails here first.
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import type { TextBlock as TextBlockData } from '../../lib/contract.js';
import { ErrorSummary } from '../../views/components/form/ErrorSummary.js';
import { TextField } from '../../views/components/form/TextField.js';
import { CheckboxField } from '../../views/components/form/CheckboxField.js';
import { TextBlock } from '../../views/components/TextBlock.js';
import DrRegistrationForm from '../../islands/DrRegistrationForm.island.js';
import ResetPasswordForm from '../../islands/ResetPasswordForm.island.js';
import ResendVerification from '../../islands/ResendVerification.island.js';
import ResetPasswordDialog from '../../islands/ResetPasswordDialog.island.js';
import RegisterForm from '../../islands/RegisterForm.island.js';
import RecaptchaField from '../../islands/RecaptchaField.island.js';

const block = (patch: Partial<TextBlockData> = {}): TextBlockData => ({
  id: 1,
  title: 'Welcome',
  html: '<p>Hello <strong>there</strong></p>',
  isVisible: true,
  blockCode: 'login-screen-text',
  groupCode: 'auth',
  format: 'Div',
  ...patch,
});

describe('ErrorSummary', () => {
  it('is an alert headed "There is a problem" linking each message to its field', () => {
    const html = renderToStaticMarkup(
      createElement(ErrorSummary, {
        errors: [{ message: 'Invalid email or password.' }, { field: 'userName', message: 'A value is required.' }],
      }),
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('>There is a problem</h2>');
    expect(html).toContain('<li>Invalid email or password.</li>');
    expect(html).toContain('<a href="#userName">A value is required.</a>');
    expect(html).toMatch(/tabindex="-1"/);
    expect(html).toMatch(/autofocus=""/);
  });

  it('renders nothing without errors', () => {
    expect(renderToStaticMarkup(createElement(ErrorSummary, { errors: [] }))).toBe('');
  });
});

describe('TextField and CheckboxField', () => {
  it('ties the error message to the input and marks it invalid', () => {
    const html = renderToStaticMarkup(createElement(TextField, { id: 'email', label: 'Email', error: 'Email is required.', hint: 'Work address', required: true }));
    expect(html).toContain('usa-form-group--error');
    expect(html).toContain('<label class="usa-label usa-label--error" for="email">');
    expect(html).toContain('id="email-error"');
    expect(html).toContain('aria-describedby="email-hint email-error"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('Email is required.');
  });

  it('keeps the entered value', () => {
    expect(renderToStaticMarkup(createElement(TextField, { id: 'n', label: 'Name', value: 'Pat <b>' }))).toContain('value="Pat &lt;b&gt;"');
  });

  it('renders a checkbox with its error', () => {
    const html = renderToStaticMarkup(createElement(CheckboxField, { id: 'agreement', label: 'I agree', error: 'Tick it.' }));
    expect(html).toContain('type="checkbox"');
    expect(html).toContain('aria-describedby="agreement-error"');
    expect(html).toContain('Tick it.');
  });
});

describe('TextBlock', () => {
  it('renders a Div block as sanitised HTML', () => {
    const html = renderToStaticMarkup(createElement(TextBlock, { block: block({ html: '<p onclick="x()">Hi</p><script>alert(1)</script>' }) }));
    expect(html).toContain('<p>Hi</p>');
    expect(html).not.toContain('script');
    expect(html).not.toContain('onclick');
  });

  it('renders a Card block with its title as a heading', () => {
    const html = renderToStaticMarkup(createElement(TextBlock, { block: block({ format: 'Card' }), headingLevel: 3 }));
    expect(html).toContain('usa-card');
    expect(html).toContain('<h3 class="usa-card__heading">Welcome</h3>');
  });

  it('hides an invisible or missing block', () => {
    expect(renderToStaticMarkup(createElement(TextBlock, { block: block({ isVisible: false }) }))).toBe('');
    expect(renderToStaticMarkup(createElement(TextBlock, { block: null }))).toBe('');
  });
});

describe('auth islands rendered on the server (what a browser without JavaScript gets)', () => {
  it('DrRegistrationForm: a working form posting to /dr-request, Create Account enabled', () => {
    const html = renderToString(
      createElement(DrRegistrationForm, {
        csrfToken: 'tok',
        values: { fullName: 'Pat', email: 'pat@example.org', agreement: false },
        errors: [{ field: 'agreement', message: 'You must agree to be contacted by email about your request.' }],
        nonce: 'n',
      }),
    );
    expect(html).toContain('action="/dr-request"');
    expect(html).toContain('name="_csrf" value="tok"');
    expect(html).toMatch(/<button type="submit"[^>]*id="create-account"[^>]*>Create Account<\/button>/);
    expect(html).not.toMatch(/<button[^>]*disabled[^>]*>Create Account/);
    expect(html).toContain('value="pat@example.org"');
    expect(html).toContain('You must agree to be contacted by email about your request.');
    // The dialog is in the page but closed.
    expect(html).toMatch(/<dialog[^>]*closedby="none"/);
    expect(html).not.toMatch(/<dialog[^>]*\bopen\b/);
  });

  it('ResetPasswordForm: Reset enabled, requirements listed as not met with accessible text', () => {
    const html = renderToString(createElement(ResetPasswordForm, { csrfToken: 't', email: 'a@b.org', token: 'xyz', errors: [] }));
    expect(html).not.toMatch(/<button[^>]*disabled/);
    expect(html).toContain('At least 12 characters');
    expect(html).toContain('(not met)');
    expect(html).toContain('name="token" value="xyz"');
    expect(html).toContain('aria-describedby="password-requirements"');
  });

  it('ResendVerification: shows the countdown and a disabled button while locked', () => {
    const locked = renderToString(createElement(ResendVerification, { csrfToken: 't', uid: 'u1', email: 'a@b.org', lockSeconds: 272 }));
    expect(locked).toContain('please wait 4:32 minutes to resend');
    expect(locked).toMatch(/<button[^>]*disabled=""/);
    const open = renderToString(createElement(ResendVerification, { csrfToken: 't', uid: 'u1', email: 'a@b.org', lockSeconds: 0 }));
    expect(open).not.toContain('please wait');
    expect(open).not.toMatch(/<button[^>]*disabled/);
    expect(open).toContain('action="/auth/account-created/resend"');
  });

  it('ResetPasswordDialog: the Forgot Password link works without JavaScript', () => {
    const html = renderToString(createElement(ResetPasswordDialog, {}));
    expect(html).toContain('href="/auth/forgot-password"');
    expect(html).toContain('Forgot Password?');
    expect(html).toContain('portal-dialog--reset-password');
  });

  it('RegisterForm: posts to /auth/register and never echoes passwords', () => {
    const html = renderToString(
      createElement(RegisterForm, { csrfToken: 't', values: { email: 'a@b.org', firstName: 'A', lastName: 'B' }, errors: [{ field: 'password', message: 'You must enter a value' }] }),
    );
    expect(html).toContain('action="/auth/register"');
    expect(html).toContain('You must enter a value');
    expect(html).toMatch(/<input[^>]*name="password"[^>]*value=""/);
  });

  it('RecaptchaField: an empty hidden token field', () => {
    expect(renderToString(createElement(RecaptchaField, { siteKey: 'k', action: 'login', nonce: 'n' }))).toBe(
      '<input type="hidden" name="recaptchaToken" value=""/>',
    );
  });
});
