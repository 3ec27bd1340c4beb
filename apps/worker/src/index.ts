// @rora/worker: background jobs. `startWorker` runs them inside any process (the API by default).
export { startWorker, type Worker, type WorkerOptions } from './runner.ts';
export { jobs, type JobContext, type JobDefinition, type WorkerLogger } from './jobs/index.ts';
export { startFailure } from './start-failure.ts';
