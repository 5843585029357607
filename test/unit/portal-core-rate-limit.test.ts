import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createSignInLimiters, signInRateLimit, SIGN_IN_LIMIT_PER_IP } from '../../server/rate-limit.js';
import type { AppDeps } from '../../server/deps.js';

describe('signInRateLimit (in-process store)', () => {
  function app(onLimited?: Parameters<typeof signInRateLimit>[0]) {
    const limiters = createSignInLimiters({
      redis: null,
      redisPrefix: 'unit:',
      log: pino({ level: 'silent' }),
      defaultLimited: (_req, res) => {
        res.status(429).send('default limited');
      },
      anonymousLimited: (_req, res) => {
        res.status(429).send('anonymous limited');
      },
    });
    const a = express();
    a.use(express.urlencoded({ extended: false }));
    a.use((_r, res, next) => {
      res.locals.deps = { signInLimiters: limiters } as unknown as AppDeps;
      next();
    });
    a.post('/login', signInRateLimit(onLimited), (r, res) => {
      // Succeeds (303) only with the right password; failures are what the limiter counts.
      if ((r.body as { password?: string }).password === 'right') res.redirect(303, '/');
      else res.status(401).send('bad');
    });
    return a;
  }

  it('counts one client’s failed attempts across accounts and answers with the given handler when over the limit', async () => {
    const a = app((_r, res) => {
      res.status(429).send('login page with the message');
    });
    for (let i = 0; i < SIGN_IN_LIMIT_PER_IP; i++) await request(a).post('/login').type('form').send({ userName: `x${i}@y.z`, password: 'no' }).expect(401);
    const limited = await request(a).post('/login').type('form').send({ userName: 'X@Y.Z', password: 'right' });
    expect(limited.status).toBe(429);
    expect(limited.text).toBe('login page with the message');
  });

  it('does not count successful sign-ins', async () => {
    const a = app();
    for (let i = 0; i < SIGN_IN_LIMIT_PER_IP + 5; i++) await request(a).post('/login').type('form').send({ userName: 'ok@y.z', password: 'right' }).expect(303);
  });

  it('falls back to the default 429 answer', async () => {
    const a = app();
    for (let i = 0; i < SIGN_IN_LIMIT_PER_IP; i++) await request(a).post('/login').type('form').send({ userName: 'd@y.z', password: 'no' });
    const limited = await request(a).post('/login').type('form').send({ userName: 'd@y.z', password: 'no' });
    expect(limited.status).toBe(429);
    expect(limited.text).toBe('default limited');
  });
});
