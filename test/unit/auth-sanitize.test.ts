// Text blocks are administrator-edited HTML rendered into every visitor's page: nothing in one
// may run script, whatever the API stored.
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../lib/sanitize.js';

describe('sanitizeHtml (text block policy)', () => {
  it('keeps ordinary formatting and links', () => {
    const html = '<h2>Welcome</h2><p>Read the <a href="https://example.org/guide">guide</a> and <strong>sign in</strong>.</p><ul><li>One</li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps mailto and relative links', () => {
    expect(sanitizeHtml('<a href="mailto:help@example.org">mail</a>')).toBe('<a href="mailto:help@example.org">mail</a>');
    expect(sanitizeHtml('<a href="/dr-request">register</a>')).toBe('<a href="/dr-request">register</a>');
  });

  it('keeps USWDS classes only', () => {
    expect(sanitizeHtml('<p class="usa-intro hidden-thing">x</p>')).toBe('<p class="usa-intro">x</p>');
  });

  it('drops script and style elements with their content', () => {
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{}</style>')).toBe('<p>a</p>');
  });

  it('drops iframes, objects and embeds', () => {
    expect(sanitizeHtml('<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x">ok')).toBe('ok');
  });

  it('drops event handler attributes and inline styles', () => {
    expect(sanitizeHtml('<p onclick="alert(1)" style="color:red">x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<img src="x" onerror="alert(1)" alt="a">ok')).toBe('ok');
  });

  it.each([
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  ])('removes a dangerous href from %s, and the text no longer looks like a link', (html) => {
    expect(sanitizeHtml(html)).toBe('<span>x</span>');
  });

  it('refuses protocol-relative links', () => {
    expect(sanitizeHtml('<a href="//evil.example">x</a>')).toBe('<span>x</span>');
  });

  it('adds rel=noopener noreferrer to links that open a new tab', () => {
    expect(sanitizeHtml('<a href="https://example.org" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="https://example.org" target="other" rel="opener">x</a>')).toBe('<a href="https://example.org">x</a>');
  });

  it('refuses schemes outside the policy (tel:)', () => {
    expect(sanitizeHtml('<a href="tel:+15555550100">call</a>')).toBe('<span>call</span>');
  });

  it('removes forms and inputs that could phish for passwords', () => {
    expect(sanitizeHtml('<form action="https://evil.example"><input name="password"></form>ok')).toBe('ok');
  });

  it('keeps safe links as links, with their text and classes intact around them', () => {
    expect(sanitizeHtml('<p>See <a href="/help" class="usa-link">Help</a> or <a href="javascript:x()" class="usa-link">this</a>.</p>')).toBe(
      '<p>See <a href="/help" class="usa-link">Help</a> or <span>this</span>.</p>',
    );
    expect(sanitizeHtml('<a href="mailto:help@example.org">mail</a>')).toBe('<a href="mailto:help@example.org">mail</a>');
  });
});
