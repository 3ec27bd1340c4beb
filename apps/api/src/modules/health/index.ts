// The health context: whether the database answers (GET /health).
export { createHealthService, type HealthService } from './health.service.ts';
