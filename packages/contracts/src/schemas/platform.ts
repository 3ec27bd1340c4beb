// Calls every deployment answers: GET /health (liveness and the database state).
import { z as zod } from 'zod';

const databaseStateSchema = zod.object({ state: zod.enum(['up', 'down']), latencyMs: zod.number() });

export const healthSchema = zod.object({ status: zod.literal('ok'), database: databaseStateSchema });
export const healthDegradedSchema = zod.object({ status: zod.literal('degraded'), database: databaseStateSchema });
export type Health = zod.infer<typeof healthSchema>;
