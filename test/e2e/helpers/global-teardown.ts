// Removes this run's Redis keys (sessions, locks, rate-limit counters) so repeated runs
// leave the shared Redis as they found it. The data folder is removed by the config.
import { createClient } from 'redis';
import { e2eEnv } from './env.js';

export default async function globalTeardown(): Promise<void> {
  const { redisUrl, redisPrefix } = e2eEnv();
  // A safety net: never scan with a prefix that could match someone else's keys.
  if (!/^e2e:[0-9a-f]{12}:$/.test(redisPrefix)) return;
  const client = createClient({ url: redisUrl, disableOfflineQueue: true });
  client.on('error', () => {});
  try {
    await client.connect();
    for await (const keys of client.scanIterator({ MATCH: `${redisPrefix}*`, COUNT: 500 })) {
      if (keys.length > 0) await client.unlink(keys);
    }
  } catch (error) {
    console.warn(`e2e teardown: could not clean Redis keys ${redisPrefix}*: ${String(error)}`);
  } finally {
    if (client.isOpen) await client.close();
  }
}
