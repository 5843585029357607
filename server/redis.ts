// The Redis client (sessions, token records, refresh locks, rate limits). It must fail fast:
// with the offline queue off a command issued while Redis is down is refused at once instead
// of waiting for a reconnect, and the client keeps reconnecting in the background so the portal
// recovers by itself. node-redis's own command timeout only covers the wait before a command is
// written, not a Redis that stops answering, so every caller bounds its wait with withTimeout().
import { createClient } from 'redis';
import type { Logger } from './logger.js';


/** Thrown when a session or token operation cannot reach Redis in time; rendered as a 503. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Bound on the wait to write a command. A healthy Redis answers in well under a millisecond. */
export const REDIS_COMMAND_TIMEOUT_MS = 800;

export interface RedisOptions {
  url: string;
  log: Logger;
  commandTimeoutMs?: number;
}

function buildClient(url: string, commandTimeoutMs: number) {
  return createClient({
    url,
    disableOfflineQueue: true,
    // Detect a half-open connection (Redis gone without a FIN) within a few seconds.
    pingInterval: 5_000,
    commandOptions: { timeout: commandTimeoutMs },
    socket: {
      connectTimeout: 2_000,
      // Back off quickly to at most one attempt a second, forever: recovery must be automatic.
      reconnectStrategy: (retries) => Math.min(50 + retries * 100, 1_000),
    },
  });
}

export type RedisClient = ReturnType<typeof buildClient>;

export function createRedis({ url, log, commandTimeoutMs = REDIS_COMMAND_TIMEOUT_MS }: RedisOptions): RedisClient {
  const client = buildClient(url, commandTimeoutMs);
  // Without an error listener node-redis would crash the process on the first socket error.
  let lastError = '';
  client.on('error', (err: Error) => {
    if (err.message !== lastError) log.error({ err }, 'redis error');
    lastError = err.message;
  });
  client.on('ready', () => {
    if (lastError) log.info('redis connection restored');
    lastError = '';
  });
  return client;
}

/**
 * Connects, waiting at most `waitMs`. Redis being down at start-up is not fatal: the client
 * keeps reconnecting in the background and requests answer 503 until it is back.
 */
export async function connectRedis(client: RedisClient, log: Logger, waitMs = 5_000): Promise<boolean> {
  const connecting = client.connect().then(
    () => true,
    (err: unknown) => {
      log.error({ err }, 'redis connect failed');
      return false;
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), waitMs);
    timer.unref();
  });
  const ok = await Promise.race([connecting, timedOut]);
  clearTimeout(timer);
  if (!ok) log.error('redis is not reachable yet; requests will answer 503 until it is');
  return ok;
}

export async function closeRedis(client: RedisClient): Promise<void> {
  if (!client.isOpen) return;
  try {
    // close() waits for pending replies; destroy() drops them when Redis does not answer.
    await withTimeout(client.close(), 2_000, 'redis close');
  } catch {
    client.destroy();
  }
}

/** Rejects with StoreUnavailableError when `promise` takes longer than `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new StoreUnavailableError(`${what} timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } catch (err) {
    if (err instanceof StoreUnavailableError) throw err;
    throw new StoreUnavailableError(`${what} failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  } finally {
    clearTimeout(timer);
  }
}

/** Deletes every key under `prefix` (tests and "clear" tooling); SCAN keeps Redis responsive. */
export async function deleteByPrefix(client: RedisClient, prefix: string): Promise<number> {
  let deleted = 0;
  for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
    if (keys.length) deleted += await client.del(keys);
  }
  return deleted;
}
