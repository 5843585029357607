// The auth form islands judge input exactly as the server does, without shipping zod to the
// browser: the rules module repeats zod's email pattern (kept equal here), the JSON reader
// checks answers by hand, and no module those islands load imports zod.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toPortalJson } from '../../islands/json.js';
import { emailPattern } from '../../lib/validation/auth-rules.js';
import { loginEmailError } from '../../lib/validation/auth.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Every project module `entry` loads, following relative imports (.js → .ts/.tsx). */
function moduleGraph(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const source = readFileSync(entry, 'utf8');
  for (const match of source.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'/gm)) {
    const spec = match[1]!;
    if (!spec.startsWith('.')) continue;
    if (/^\s*import\s+type\s/.test(match[0]) || /^\s*export\s+type\s/.test(match[0])) continue;
    const base = path.resolve(path.dirname(entry), spec).replace(/\.js$/, '');
    const file = [`${base}.ts`, `${base}.tsx`].find((f) => {
      try {
        readFileSync(f);
        return true;
      } catch {
        return false;
      }
    });
    if (file) moduleGraph(file, seen);
  }
  return seen;
}

function importsZod(file: string): boolean {
  return /^\s*import\s+(?!type\s)[^'"]*from\s+'zod(?:\/[^']*)?'/m.test(readFileSync(file, 'utf8'));
}

describe('auth rules without zod', () => {
  it('uses the same email pattern as zod', () => {
    expect(emailPattern.source).toBe(z.regexes.email.source);
    expect(emailPattern.flags).toBe(z.regexes.email.flags);
    expect(loginEmailError('someone@example.gov')).toBeNull();
    expect(loginEmailError('someone@example')).not.toBeNull();
    expect(loginEmailError('.someone@example.gov')).not.toBeNull();
  });

  it.each(['DrRegistrationForm', 'RegisterForm', 'ResetPasswordDialog', 'ResetPasswordForm', 'ResendVerification'])(
    'the %s island loads no module that imports zod',
    (name) => {
      const graph = [...moduleGraph(path.join(root, 'islands', `${name}.island.tsx`))];
      expect(graph.length).toBeGreaterThan(1);
      expect(graph.filter(importsZod).map((f) => path.relative(root, f))).toEqual([]);
    },
  );
});

describe('toPortalJson', () => {
  it('keeps the known fields of a well-formed answer and drops the rest', () => {
    expect(
      toPortalJson({ ok: false, message: 'm', location: '/x', retryAfterSeconds: 3, errors: [{ field: 'email', message: 'e', extra: 1 }], other: 'x' }),
    ).toEqual({ ok: false, message: 'm', location: '/x', retryAfterSeconds: 3, errors: [{ field: 'email', message: 'e' }] });
  });

  it('reads anything unexpected as no details', () => {
    for (const bad of [null, 'text', 3, [], { ok: 'yes' }, { retryAfterSeconds: -1 }, { retryAfterSeconds: 1.5 }, { errors: [{ field: 1, message: 'x' }] }, { errors: 'x' }]) {
      expect(toPortalJson(bad), JSON.stringify(bad)).toEqual({});
    }
  });
});
