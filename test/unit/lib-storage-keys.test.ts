import { describe, expect, it } from 'vitest';
import { assertStorableKey, STORAGE_KEYS, storageKeyError } from '../../lib/storage-keys.js';

describe('stored preference keys (spec §3)', () => {
  it("rejects an empty key with 'key cannot be empty'", () => {
    expect(storageKeyError('')).toBe('key cannot be empty');
    expect(storageKeyError('   ')).toBe('key cannot be empty');
    expect(() => assertStorableKey('')).toThrow('key cannot be empty');
  });

  it('rejects the keys the sign-in flow owns', () => {
    expect(storageKeyError(STORAGE_KEYS.accessToken)).toBe('accessToken is a reserved key');
    expect(() => assertStorableKey(STORAGE_KEYS.userPermissions)).toThrow('userPermissions is a reserved key');
  });

  it('accepts preference keys', () => {
    expect(storageKeyError(STORAGE_KEYS.language)).toBeNull();
    expect(storageKeyError(STORAGE_KEYS.currentLea)).toBeNull();
    expect(() => assertStorableKey('childSearchForm')).not.toThrow();
  });
});
