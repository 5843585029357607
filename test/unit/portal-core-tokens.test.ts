// Refresh timing and single-flight: a burst of requests for one session makes one upstream
// refresh, in one process and across two portal instances sharing Redis (the API rotates
// refresh tokens and revokes the family on reuse, so a second refresh would end the session).
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, connectRedis, createRedis, deleteByPrefix, type RedisClient } from '../../server/redis.js';
import {
  InProcessTokenStore,
  RedisTokenStore,
  RefreshRejectedError,
  TokenManager,
  type RefreshContext,
  type Refresher,
  type TokenRecord,
} from '../../server/token-store.js';

const ctx: RefreshContext = { currentLeaId: 3, schoolYear: '2024-2025' };

function record(token: string, msLeft: number): TokenRecord {
  return { accessToken: token, expiresAt: Date.now() + msLeft, cookies: { refreshToken: `rt-${token}` }, userId: 'u1', leaId: 3, rev: `rev-${token}` };
}

/** A refresher that rotates like the API: it refuses a refresh cookie it has seen before. */
function rotatingRefresher(delayMs = 50) {
  const used = new Set<string>();
  const calls: { token: string; ctx: RefreshContext }[] = [];
  let n = 0;
  const refresher: Refresher = async (rec, c) => {
    calls.push({ token: rec.accessToken, ctx: c });
    await new Promise((r) => setTimeout(r, delayMs));
    const cookie = rec.cookies.refreshToken ?? '';
    if (used.has(cookie)) throw new RefreshRejectedError('reuse');
    used.add(cookie);
    n += 1;
    return record(`t${n}`, 900_000);
  };
  return { refresher, calls };
}

const opts = { lockTtlMs: 5_000, waitTimeoutMs: 5_000, pollMs: 10 };

describe('refresh timing (spec §9: 60 s ahead)', () => {
  it('refreshes only when fewer than 60 s are left', async () => {
    const store = new InProcessTokenStore(3600);
    const { refresher, calls } = rotatingRefresher(0);
    const tokens = new TokenManager(store, refresher, opts);
    await store.put('s', record('old', 61_000));
    expect((await tokens.current('s', ctx))?.accessToken).toBe('old');
    expect(calls).toHaveLength(0);
    await store.put('s', record('old', 59_000));
    expect((await tokens.current('s', ctx))?.accessToken).toBe('t1');
    expect(calls).toEqual([{ token: 'old', ctx }]);
    expect((await store.get('s'))?.accessToken).toBe('t1');
  });

  it('uses an injected clock', () => {
    let now = 1_000_000;
    const tokens = new TokenManager(new InProcessTokenStore(60), rotatingRefresher().refresher, { ...opts, now: () => now });
    const rec = { ...record('x', 0), expiresAt: now + 120_000 };
    expect(tokens.needsRefresh(rec)).toBe(false);
    now += 60_001;
    expect(tokens.needsRefresh(rec)).toBe(true);
  });

  it('a signed-out session has no record and nothing is refreshed', async () => {
    const { refresher, calls } = rotatingRefresher(0);
    const tokens = new TokenManager(new InProcessTokenStore(60), refresher, opts);
    expect(await tokens.current('nobody', ctx)).toBeNull();
    expect(calls).toHaveLength(0);
  });
});

describe('single-flight in one process', () => {
  it('N concurrent requests make one refresh call and all get the new token', async () => {
    const store = new InProcessTokenStore(3600);
    const { refresher, calls } = rotatingRefresher(80);
    const tokens = new TokenManager(store, refresher, opts);
    await store.put('s', record('old', 10_000));
    const results = await Promise.all(Array.from({ length: 25 }, () => tokens.current('s', ctx)));
    expect(calls).toHaveLength(1);
    expect(new Set(results.map((r) => r?.accessToken))).toEqual(new Set(['t1']));
  });

  it('stays single-flight when the API hands back a byte-identical token (same second)', async () => {
    const store = new InProcessTokenStore(3600);
    let calls = 0;
    const tokens = new TokenManager(
      store,
      async (rec) => {
        calls += 1;
        await new Promise((r) => setTimeout(r, 40));
        const { rev: _rev, ...same } = { ...rec, expiresAt: Date.now() + 900_000 };
        return same;
      },
      opts,
    );
    await store.put('s', record('same', 10_000));
    const results = await Promise.all(Array.from({ length: 10 }, () => tokens.current('s', ctx)));
    expect(calls).toBe(1);
    expect(results.every((r) => r?.accessToken === 'same')).toBe(true);
  });

  it('a 401 retry after someone else refreshed reuses their token instead of refreshing again', async () => {
    const store = new InProcessTokenStore(3600);
    const { refresher, calls } = rotatingRefresher(0);
    const tokens = new TokenManager(store, refresher, opts);
    await store.put('s', record('old', 600_000));
    expect((await tokens.refresh('s', 'rev-old', ctx))?.accessToken).toBe('t1');
    // A slower request still holding the old record got a 401 and asks again:
    expect((await tokens.refresh('s', 'rev-old', ctx))?.accessToken).toBe('t1');
    expect(calls).toHaveLength(1);
  });

  it('a refused refresh ends the session: record deleted, null for every waiter', async () => {
    const store = new InProcessTokenStore(3600);
    const tokens = new TokenManager(
      store,
      async () => {
        await new Promise((r) => setTimeout(r, 30));
        throw new RefreshRejectedError('no');
      },
      opts,
    );
    await store.put('s', record('old', 1_000));
    await store.addUserSession('u1', 's');
    const results = await Promise.all([tokens.current('s', ctx), tokens.current('s', ctx), tokens.current('s', ctx)]);
    expect(results).toEqual([null, null, null]);
    expect(await store.get('s')).toBeNull();
    expect(await store.userSessions('u1')).toEqual([]);
  });

  it('a refresh that fails for another reason leaves the session in place', async () => {
    const store = new InProcessTokenStore(3600);
    const tokens = new TokenManager(store, async () => Promise.reject(new Error('network down')), opts);
    await store.put('s', record('old', 1_000));
    await expect(tokens.current('s', ctx)).rejects.toThrow('network down');
    expect((await store.get('s'))?.accessToken).toBe('old');
  });
});

describe('single-flight across instances sharing Redis', () => {
  let redisA: RedisClient;
  let redisB: RedisClient;
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  const log = pino({ level: 'silent' });

  beforeAll(async () => {
    redisA = createRedis({ url: 'redis://127.0.0.1:6379', log });
    redisB = createRedis({ url: 'redis://127.0.0.1:6379', log });
    expect(await connectRedis(redisA, log)).toBe(true);
    expect(await connectRedis(redisB, log)).toBe(true);
  });
  afterAll(async () => {
    await deleteByPrefix(redisA, prefix);
    await closeRedis(redisA);
    await closeRedis(redisB);
  });

  it('two token managers (two instances) refresh a session once between them', async () => {
    const storeA = new RedisTokenStore(redisA, prefix, 3600);
    const storeB = new RedisTokenStore(redisB, prefix, 3600);
    // One upstream: both instances call the same rotating API.
    const { refresher, calls } = rotatingRefresher(120);
    const a = new TokenManager(storeA, refresher, opts);
    const b = new TokenManager(storeB, refresher, opts);
    await storeA.put('shared', record('old', 5_000));
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).current('shared', ctx)));
    expect(calls).toHaveLength(1);
    expect(new Set(results.map((r) => r?.accessToken))).toEqual(new Set(['t1']));
    expect((await storeB.get('shared'))?.accessToken).toBe('t1');
    // The lock is released once the refresh is done.
    expect(await redisA.exists(`${prefix}tok-lock:shared`)).toBe(0);
  });

  it('keeps the record under its own key, with a TTL, and indexes the user sessions', async () => {
    const store = new RedisTokenStore(redisA, prefix, 120);
    const tokens = new TokenManager(store, rotatingRefresher().refresher, opts);
    const { rev: _rev, ...fresh } = record('abc', 600_000);
    const saved = await tokens.save('sid-9', fresh);
    expect(saved.rev).toMatch(/^[0-9a-f]{16}$/);
    const ttl = await redisA.ttl(`${prefix}tok:sid-9`);
    expect(ttl).toBeGreaterThan(100);
    expect(ttl).toBeLessThanOrEqual(120);
    expect(await store.userSessions('u1')).toContain('sid-9');
    await tokens.remove('sid-9');
    expect(await redisA.exists(`${prefix}tok:sid-9`)).toBe(0);
    expect(await store.userSessions('u1')).not.toContain('sid-9');
  });

  it('a corrupt record reads as signed out', async () => {
    const store = new RedisTokenStore(redisA, prefix, 120);
    await redisA.set(`${prefix}tok:bad`, '{"accessToken":');
    expect(await store.get('bad')).toBeNull();
  });
});
