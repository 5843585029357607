// Every scheduled job of the API (api/shared/jobs.ts). A module adds its jobs in one line:
// `...drJobs,` with `import { drJobs } from './dr/jobs.js';`.
import type { JobDefinition } from './shared/jobs.js';
import { sharedJobs } from './shared/shared-jobs.js';
import { drJobs } from './dr/jobs.js';
import { ecoJobs } from './eco/jobs.js';

export const jobRegistry: readonly JobDefinition[] = [
  ...sharedJobs,
  ...drJobs,
  ...ecoJobs,
];
