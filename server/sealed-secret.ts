// A secret that must wait between two requests without being readable where it waits (issue
// 10, finding 8: the no-JavaScript /dr-request flow's password between the form and Confirm).
// It is encrypted (AES-256-GCM) with a fresh random key; the ciphertext goes to the session and
// the key to the confirmation page, so neither Redis nor the page alone holds the password.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface Sealed {
  /** iv, tag and ciphertext, base64url, dot-separated: what the session keeps. */
  sealed: string;
  /** SHA-256 of the key, to recognise the right key without keeping it. */
  keyHash: string;
}

const hashOf = (key: Buffer): string => createHash('sha256').update(key).digest('base64url');

/** Encrypts `secret`; returns what to keep server-side and the key (base64url) for the page. */
export function seal(secret: string): Sealed & { key: string } {
  const key = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return {
    sealed: [iv, tag, ciphertext].map((b) => b.toString('base64url')).join('.'),
    keyHash: hashOf(key),
    key: key.toString('base64url'),
  };
}

/** Whether `keyText` is the key of this sealed value (without decrypting). */
export function isKeyOf(value: Pick<Sealed, 'keyHash'>, keyText: string): boolean {
  const key = Buffer.from(keyText, 'base64url');
  return key.length === 32 && hashOf(key) === value.keyHash;
}

/** The secret, or null for a wrong key or a tampered value. */
export function unseal(value: Sealed, keyText: string): string | null {
  if (!isKeyOf(value, keyText)) return null;
  const [iv, tag, ciphertext] = value.sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !ciphertext) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(keyText, 'base64url'), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
