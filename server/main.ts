// `npm start`: the portal, and, unless API_BASE_URL points at an agency's own API, the embedded
// reference API in the same process. Shuts down gracefully on SIGTERM/SIGINT.
import type { Server } from 'node:http';
import path from 'node:path';
import { loadApiConfig } from '../api/config.js';
import { startApi, stopHttpServer, type RunningApi } from '../api/server.js';
import { createApp } from './app.js';
import { defaultDistDir, loadAssets } from './assets.js';
import { ConfigError, loadPortalConfig, type PortalConfig } from './config.js';
import { createServices } from './deps.js';
import { createLogger } from './logger.js';
import { closeRedis, connectRedis, createRedis, type RedisClient } from './redis.js';
import { InProcessSessionStore } from './session.js';

const SHUTDOWN_DEADLINE_MS = 10_000;

async function main(): Promise<void> {
  let config: PortalConfig;
  try {
    config = loadPortalConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(config.logLevel);
  if (config.isProduction && config.trustProxy === undefined) {
    log.warn('TRUST_PROXY is not set: behind a TLS-terminating proxy the Secure session cookie will not be sent. Set TRUST_PROXY to the proxy hops or addresses.');
  }

  let api: RunningApi | null = null;
  if (!config.apiBaseUrl) {
    const apiConfig = loadApiConfig({
      ...process.env,
      PORTAL_PUBLIC_URL: process.env.PORTAL_PUBLIC_URL ?? `http://localhost:${config.port}`,
    });
    api = await startApi(apiConfig, createLogger(config.logLevel, 'agency-api'));
    config = { ...config, apiBaseUrl: api.url };
    log.info({ url: api.url }, 'embedded agency API started (set API_BASE_URL to use an external one)');
  }

  const distDir = defaultDistDir();
  const assets = loadAssets(distDir);
  if (!process.env.BUILD_ID) config = { ...config, buildId: assets.buildId };

  let redis: RedisClient | null = null;
  if (config.redisUrl) {
    redis = createRedis({ url: config.redisUrl, log });
    await connectRedis(redis, log);
  }

  const services = createServices(config, {
    log,
    redis,
    assets,
    paths: { assetsDir: assets.dir, publicDir: path.resolve(distDir, '..', 'public') },
  });
  const app = createApp(config, services);

  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(config.port, () => resolve(s));
    s.once('error', reject);
  });
  // Keep-alive slightly above a typical proxy's idle timeout so the proxy closes first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 60_000;
  log.info({ port: config.port, redis: Boolean(redis), version: config.version }, 'portal listening');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const deadline = setTimeout(() => {
      log.error('shutdown deadline passed; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    // Whatever is still running when the deadline nears is dropped, so the exit stays within it.
    await stopHttpServer(server, SHUTDOWN_DEADLINE_MS - 2_000, (err) => log.warn({ err }, 'server close'));
    await services.upstream.close().catch(() => undefined);
    if (redis) await closeRedis(redis);
    if (services.sessionStore instanceof InProcessSessionStore) services.sessionStore.close();
    if (api) await api.close().catch((err: unknown) => log.error({ err }, 'embedded API close failed'));
    clearTimeout(deadline);
    log.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
