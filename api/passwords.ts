// Password hashing with scrypt from node:crypto: a random salt per user, and a constant-time
// comparison. Stored as scrypt$N$r$p$salt$hash so parameters can be raised later.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 16384;
const r = 8;
const p = 1;
const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

// Hashing a new password (registration, reset, change) runs one at a time per process (issue
// 10, finding 4): a burst of anonymous requests then queues here instead of filling libuv's
// threads, which sign-ins' verifyPassword keep for themselves.
let hashing: Promise<unknown> = Promise.resolve();
let waiting = 0;
/** How many new-password hashes wait for their turn (for tests and logs). */
export const hashQueueLength = (): number => waiting;

export async function hashPassword(password: string): Promise<string> {
  waiting += 1;
  const turn = hashing.then(async () => {
    waiting -= 1;
    const salt = randomBytes(16);
    const hash = await scrypt(password, salt, KEY_LENGTH, { N, r, p });
    return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
  });
  hashing = turn.catch(() => undefined);
  return turn;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, rr, pp, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const actual = await scrypt(password, Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to compare against when the user does not exist, so timing does not reveal accounts. */
export const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$' + 'A'.repeat(86);
