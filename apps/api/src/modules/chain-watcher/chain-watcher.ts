// Turns chain events into calls of the wallets module, one network at a time and in order: a
// transfer to a watched address (`incoming`), a transfer this process broadcast (`outgoing`), and
// every few blocks a `reconcile`, which re-reads open deposits and sends from the chain: events are a
// prompt, the chain and PostgreSQL are the record. A handler's failure is logged and the queue goes
// on; the next reconcile picks the record up again.
import type { ChainEvent, ChainTransaction, NetworkId } from '@rora/chains';
import type { ChainRegistry } from './chain-registry.ts';

export interface ChainEventHandlers {
  incoming(transaction: ChainTransaction): Promise<void>;
  outgoing(transaction: ChainTransaction): Promise<void>;
  reconcile(network: NetworkId): Promise<void>;
}

export interface ChainWatcher {
  /** Resolves once every event received so far has been handled (tests await it after mining). */
  idle(): Promise<void>;
  close(): void;
}

interface Log {
  error(object: object, message: string): void;
}

/** A reconcile runs on the first block after start, then every this many blocks of a network. */
export const RECONCILE_EVERY_BLOCKS = 10;

export function createChainWatcher(deps: {
  registry: ChainRegistry;
  handlers: ChainEventHandlers;
  log: Log;
}): ChainWatcher {
  const queues = new Map<NetworkId, Promise<void>>();
  const blocksSeen = new Map<NetworkId, number>();
  let closed = false;

  const enqueue = (network: NetworkId, what: string, task: () => Promise<void>) => {
    const previous = queues.get(network) ?? Promise.resolve();
    const next = previous.then(task).catch((error: unknown) => {
      deps.log.error(
        { network, what, error: (error as Error)?.name, code: (error as { code?: unknown })?.code },
        'chain event failed',
      );
    });
    queues.set(network, next);
  };

  const onEvent = (event: ChainEvent) => {
    if (closed) return;
    const { network } = event;
    if (event.type === 'transfer') {
      const handler = event.direction === 'incoming' ? deps.handlers.incoming : deps.handlers.outgoing;
      enqueue(network, event.direction, () => handler(event.transaction));
      return;
    }
    const seen = (blocksSeen.get(network) ?? 0) + 1;
    blocksSeen.set(network, seen);
    if (seen % RECONCILE_EVERY_BLOCKS === 1) enqueue(network, 'reconcile', () => deps.handlers.reconcile(network));
  };

  const unsubscribes = deps.registry.networks.map((network) => deps.registry.adapter(network.id).subscribe(onEvent));

  return {
    async idle() {
      // Handlers may cause more events (a broadcast emits one): wait until nothing new was queued.
      for (;;) {
        const pending = [...queues.values()];
        await Promise.all(pending);
        if ([...queues.values()].every((queue, index) => queue === pending[index])) return;
      }
    },
    close() {
      closed = true;
      for (const unsubscribe of unsubscribes) unsubscribe();
    },
  };
}
