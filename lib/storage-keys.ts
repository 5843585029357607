// The stored-preference keys of spec §3. The portal keeps them server-side (in the session),
// not in the browser, but the rules of the original store stand: a key cannot be empty, and
// the keys the sign-in flow manages are reserved, so general code cannot overwrite them.
import { storageMessages } from './messages.js';

export const STORAGE_KEYS = {
  currentUser: 'currentUser',
  userPermissions: 'userPermissions',
  accessToken: 'accessToken',
  expiry: 'expiry',
  rememberMe: 'rememberMe',
  language: 'language',
  homeUrl: 'homeUrl',
  currentSchoolYear: 'currentSchoolYear',
  currentLea: 'currentLea',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Keys only the session code writes (sign-in stores them, sign-out clears them). */
export const RESERVED_STORAGE_KEYS: ReadonlySet<string> = new Set<string>([
  STORAGE_KEYS.currentUser,
  STORAGE_KEYS.userPermissions,
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.expiry,
  STORAGE_KEYS.rememberMe,
]);

/** The error for a key general code may not use, or null. */
export function storageKeyError(key: string): string | null {
  if (key.trim() === '') return storageMessages.emptyKey;
  if (RESERVED_STORAGE_KEYS.has(key)) return storageMessages.reservedKey(key);
  return null;
}

/** Throws the §3 message for an empty or reserved key. */
export function assertStorableKey(key: string): void {
  const error = storageKeyError(key);
  if (error) throw new Error(error);
}
