// Calls every deployment answers: GET /health (liveness and the database state).
import { z } from 'zod';

const databaseStateSchema = z.object({ state: z.enum(['up', 'down']), latencyMs: z.number() });

export const healthSchema = z.object({ status: z.literal('ok'), database: databaseStateSchema });
export const healthDegradedSchema = z.object({ status: z.literal('degraded'), database: databaseStateSchema });
export type Health = z.infer<typeof healthSchema>;
