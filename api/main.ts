// `npm run start:api`: the agency API on its own.
import { loadApiConfig } from './config.js';
import { startApi } from './server.js';

const SHUTDOWN_DEADLINE_MS = 10_000;

const api = await startApi(loadApiConfig());
let stopping = false;
// SIGTERM: stop accepting, finish the requests in flight, close the database, exit within 10 s.
const stop = async () => {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref();
  await api.close(SHUTDOWN_DEADLINE_MS - 2_000);
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
