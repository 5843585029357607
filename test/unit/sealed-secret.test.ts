// server/sealed-secret.ts: the no-JavaScript registration's password waits encrypted (issue 10,
// finding 8); only its own key opens it, and a changed byte is refused.
import { describe, expect, it } from 'vitest';
import { isKeyOf, seal, unseal } from '../../server/sealed-secret.js';

describe('sealed secrets', () => {
  it('opens with its key only, and keeps neither the secret nor the key in what is stored', () => {
    const { key, ...stored } = seal('Pat-Password-42!');
    expect(JSON.stringify(stored)).not.toContain('Pat-Password-42!');
    expect(JSON.stringify(stored)).not.toContain(key);
    expect(isKeyOf(stored, key)).toBe(true);
    expect(unseal(stored, key)).toBe('Pat-Password-42!');
    const other = seal('Pat-Password-42!');
    expect(unseal(stored, other.key)).toBeNull();
    expect(unseal(stored, 'not-a-key')).toBeNull();
    expect(unseal(stored, '')).toBeNull();
  });

  it('refuses a tampered ciphertext', () => {
    const { key, ...stored } = seal('secret text');
    const [iv, tag, data] = stored.sealed.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(unseal({ ...stored, sealed: [iv, tag, flipped.toString('base64url')].join('.') }, key)).toBeNull();
  });
});
