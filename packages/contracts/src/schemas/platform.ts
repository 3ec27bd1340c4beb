// Calls every deployment answers: GET /health (liveness, the database state and each chain's state).
import { z as zod } from 'zod';

const databaseStateSchema = zod.object({ state: zod.enum(['up', 'down']), latencyMs: zod.number() });

/** A chain's state: `degraded` names why; the product keeps serving, sends on that chain wait. */
export const chainStateSchema = zod.object({
  chain: zod.string(),
  source: zod.enum(['devnet', 'node']),
  state: zod.enum(['ok', 'degraded']),
  reason: zod
    .enum(['node_unreachable', 'node_timing_out', 'node_answer_malformed', 'node_refused', 'scanner_stopped', 'behind'])
    .nullable(),
  detail: zod.string().nullable(),
  since: zod.string(),
  height: zod.number().int().nullable(),
  tip: zod.number().int().nullable(),
});
export type ChainStateView = zod.infer<typeof chainStateSchema>;

export const healthSchema = zod.object({
  status: zod.literal('ok'),
  database: databaseStateSchema,
  chains: zod.array(chainStateSchema),
});
export const healthDegradedSchema = zod.object({
  status: zod.literal('degraded'),
  database: databaseStateSchema,
  chains: zod.array(chainStateSchema),
});
export type Health = zod.infer<typeof healthSchema>;
