// `npm run start:api`: the agency API on its own.
import { loadApiConfig } from './config.js';
import { startApi } from './server.js';

const SHUTDOWN_DEADLINE_MS = 10_000;

// The handlers go in before the API starts: it listens before the scheduled jobs are up, and a
// SIGTERM in that window must still shut down cleanly rather than kill the process.
const starting = startApi(loadApiConfig());
let stopping = false;
// SIGTERM: stop accepting, finish the requests in flight, close the database, exit within 10 s.
const stop = async () => {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref();
  const api = await starting;
  await api.close(SHUTDOWN_DEADLINE_MS - 2_000);
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
await starting;
