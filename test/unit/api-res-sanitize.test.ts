// Text block HTML cleaning: what admins may keep, and what never reaches a page.
import { describe, expect, it } from 'vitest';
import { replaceNonBreakingSpaces, sanitizeTextBlockHtml } from '../../api/sanitize.js';

describe('replaceNonBreakingSpaces', () => {
  it('turns the character and its entities into plain spaces', () => {
    expect(replaceNonBreakingSpaces('a\u00A0b&nbsp;c&#160;d&#xA0;e&NBSP;f')).toBe('a b c d e f');
  });
});

describe('sanitizeTextBlockHtml', () => {
  it('keeps formatting, headings, lists, tables and safe links', () => {
    const html =
      '<h2>Title</h2><p><strong>Bold</strong> <em>it</em> <u>u</u></p><ol start="2"><li>x</li></ol>' +
      '<table><caption>C</caption><thead><tr><th scope="col" colspan="2">H</th></tr></thead><tbody><tr><td rowspan="1">1</td></tr></tbody></table>' +
      '<a href="https://a.example/x?y=1">h</a><a href="http://b.example">i</a><a href="mailto:a@b.example">m</a><a href="/faq#top">r</a><a href="help">rel</a>';
    expect(sanitizeTextBlockHtml(html)).toBe(html.replace('&', '&amp;'));
  });

  it('removes scripts, styles, frames, event handlers and inline styles', () => {
    const out = sanitizeTextBlockHtml(
      '<p onclick="x()" style="color:red">a</p><script>alert(1)</script><style>p{}</style><iframe src="https://e.example"></iframe>' +
        '<img src=x onerror=alert(1)><svg onload=alert(1)></svg><object data="x"></object><form action="/x"><input name="q"></form>',
    );
    expect(out).toBe('<p>a</p>');
  });

  it('drops script, data and protocol-relative URLs, keeping the link text as plain text', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java&#x09;script:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', '//evil.example/x']) {
      const out = sanitizeTextBlockHtml(`<a href="${href}">go</a>`);
      expect(out, href).toBe('<span>go</span>');
    }
  });

  it('adds rel to links that open a new tab and drops other targets', () => {
    expect(sanitizeTextBlockHtml('<a href="/x" target="_blank" rel="opener">x</a>')).toBe('<a href="/x" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeTextBlockHtml('<a href="/x" target="_top">x</a>')).toBe('<a href="/x">x</a>');
  });

  it('keeps only design-system classes', () => {
    expect(sanitizeTextBlockHtml('<p class="usa-intro hidden-thing">x</p>')).toBe('<p class="usa-intro">x</p>');
    expect(sanitizeTextBlockHtml('<div class="overlay">x</div>')).toBe('<div>x</div>');
  });

  it('replaces non-breaking spaces before cleaning', () => {
    expect(sanitizeTextBlockHtml('<p>a&nbsp;b\u00A0c</p>')).toBe('<p>a b c</p>');
  });
});
