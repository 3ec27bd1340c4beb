// Sends held on a replica that does not run the devnet (ADR 0048: it never broadcasts there) are
// broadcast by the process that does, promptly (ADR 0083): it looks for them every second, with one
// small query on the open sends' partial index, instead of waiting for its next reconcile (every ten
// blocks of their network: up to 100 s on Bitcoin). The table is the record, as for the addresses
// every process follows (ADR 0082): no message is sent, and none is lost when the owner changes.
import type { NetworkId } from '@rora/chains';
import type { Clock } from '../../lib/clock.ts';
import { createRepeating } from '../../lib/repeating.ts';
import type { ChainRegistry } from '../chain-watcher/index.ts';
import type { SendSteps } from './send-steps.ts';
import type { SendsRepository } from './sends.repository.ts';

/** How often the devnet's owner looks for sends held on another replica. */
export const HELD_SEND_POLL_MS = 1_000;
/**
 * A send approved less than this ago is left to its own request, which broadcasts it next: taken by
 * the look, its broadcast could be notified before the request's own `send_held` step.
 */
export const HELD_SEND_GRACE_MS = 1_000;

export interface HeldSends {
  /**
   * Broadcasts every approved send held on a devnet network this process runs, not waiting for a
   * reason of its own (a short hot wallet waits for the reconcile). Nothing is read in a reader.
   */
  broadcastHeld(): Promise<void>;
  follow(intervalMs: number): void;
  /**
   * Stops following at once; resolves once a pass under way is done (it may wait on a journal batch
   * until the chains are closed: close them before awaiting this).
   */
  stop(): Promise<void>;
}

export function createHeldSends(deps: {
  sends: Pick<SendsRepository, 'heldToBroadcast'>;
  registry: ChainRegistry;
  clock: Clock;
  steps: Pick<SendSteps, 'broadcast'>;
  log: { error(object: object, message: string): void };
}): HeldSends {
  const { registry, steps } = deps;
  const passes = createRepeating(
    async () => {
      const networks: NetworkId[] = registry.networks
        .map((network) => network.id)
        .filter((network) => registry.isDevnet(network) && registry.broadcastsHere(network));
      if (networks.length === 0) return;
      const approvedBefore = new Date(deps.clock.now().getTime() - HELD_SEND_GRACE_MS);
      const held = await deps.sends.heldToBroadcast(networks, approvedBefore);
      // One at a time: each broadcast takes its send's row lock (a request or reconcile holding it is
      // skipped) and is taken once; a chain's refusal voids the send as the reconcile's would.
      for (const id of held) await steps.broadcast(id);
    },
    (error) => deps.log.error({ err: error }, 'held sends not broadcast'),
  );
  return { broadcastHeld: passes.run, follow: passes.follow, stop: passes.stop };
}
