// safeReturnUrl decides where a user lands after sign-in from a query parameter an attacker
// can write. Every hostile form below must land on '/', every honest path must survive.
import { describe, expect, it } from 'vitest';
import { safeReturnUrl } from '../../lib/return-url.js';

describe('safeReturnUrl', () => {
  it.each([
    ['/', '/'],
    ['/notification-settings', '/notification-settings'],
    ['/admin/users?page=2&sort=name', '/admin/users?page=2&sort=name'],
    ['/dispute-resolution/request#step-2', '/dispute-resolution/request#step-2'],
    ['/admin/users/%C3%A9', '/admin/users/%C3%A9'],
    ['/search?q=a%20b', '/search?q=a%20b'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeReturnUrl(input)).toBe(expected);
  });

  it.each([
    ['absolute http URL', 'http://evil.example/'],
    ['absolute https URL', 'https://evil.example/path'],
    ['mixed-case scheme', 'HtTpS://evil.example'],
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/auth/login'],
    // Issue 10, finding 3: paths the URL parser normalises into '//host'.
    ['dot segment before a double slash', '/.//evil.example/x'],
    ['dot-dot segment before a double slash', '/..//evil.example/x'],
    ['encoded dot segment before a double slash', '/%2e//evil.example/x'],
    ['segment and dot-dot before a double slash', '/a/..//evil.example'],
    ['encoded dot-dot segments', '/%2e%2e//evil.example'],
    ['slash backslash', '/\\evil.example'],
    ['double backslash', '\\\\evil.example'],
    ['backslash slash', '\\/evil.example'],
    ['javascript URL', 'javascript:alert(1)'],
    ['mixed-case javascript URL', 'JaVaScRiPt:alert(1)'],
    ['javascript URL after whitespace', ' javascript:alert(1)'],
    ['data URL', 'data:text/html,<script>alert(1)</script>'],
    ['encoded double slash', '/%2F%2Fevil.example'],
    ['encoded double slash, mixed case', '/%2f%2Fevil.example'],
    ['double-encoded double slash', '/%252F%252Fevil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['encoded backslash, lower case', '/%5cevil.example'],
    ['fully encoded protocol-relative', '%2F%2Fevil.example'],
    ['tab inside the slashes', '/\t/evil.example'],
    ['encoded tab inside the slashes', '/%09/evil.example'],
    ['CR LF header injection', '/ok\r\nSet-Cookie: a=b'],
    ['encoded CR LF header injection', '/ok%0d%0aSet-Cookie:%20a=b'],
    ['newline before the slashes', '\n//evil.example'],
    ['NUL byte', '/ok\u0000'],
    ['leading space', ' /admin'],
    ['malformed percent-encoding', '/%E0%A4%A'],
    ['user-info trick', '//user@evil.example'],
    ['bare host', 'evil.example'],
    ['relative path', 'admin/users'],
    ['empty string', ''],
    ['the login page itself (loops)', '/auth/login'],
    ['the login page with a trailing slash', '/Auth/Login/'],
    ['the logout page', '/auth/logout'],
    ['overlong value', `/${'a'.repeat(3000)}`],
  ])('refuses %s', (_name, input) => {
    expect(safeReturnUrl(input)).toBe('/');
  });

  it.each([[undefined], [null], [42], [['/admin', '//evil.example']], [{ href: '/admin' }]])('refuses the non-string %j', (input) => {
    expect(safeReturnUrl(input)).toBe('/');
  });

  it('normalises dot segments but stays on the site', () => {
    expect(safeReturnUrl('/admin/../../etc')).toBe('/etc');
  });
});

describe('safeReturnUrl query strings', () => {
  it('leaves encoded characters in the query alone', () => {
    expect(safeReturnUrl('/search?q=%2F%2Fevil.example%5C')).toBe('/search?q=%2F%2Fevil.example%5C');
  });
});
