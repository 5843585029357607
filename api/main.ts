// `npm run start:api`: the agency API on its own.
import { loadApiConfig } from './config.js';
import { startApi } from './server.js';

const api = await startApi(loadApiConfig());
const stop = async () => {
  await api.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
