// Each chain's state as the API last saw it (ADR 0044): `ok`, or `degraded` with the reason: the node
// is unreachable, times out, answers nonsense or refuses us, the scanner stopped, or Rora's view is
// behind the node's tip. Fed by every deposit-scanner pass and by every broadcast that met a node
// failure; read by GET /health and by the send steps, which leave sends held (they wait) while their
// chain is degraded. In memory, per process: a restart starts from `ok` and the next pass tells.
// The in-process devnet cannot fail this way: its chains are always `ok`.
import { CHAIN_IDS, getNetwork, type ChainId, type NetworkId } from '@rora/chains';
import type { Clock } from '../../lib/clock.ts';

export const CHAIN_DEGRADED_REASONS = [
  'node_unreachable',
  'node_timing_out',
  'node_answer_malformed',
  'node_refused',
  'scanner_stopped',
  'behind',
] as const;
export type ChainDegradedReason = (typeof CHAIN_DEGRADED_REASONS)[number];

/** A scanner this many blocks or more below the node's tip after a pass is `behind`. */
export const BEHIND_BLOCKS = 6;

export interface ChainState {
  readonly chain: ChainId;
  /** Where the chain is read: the in-process devnet or a node. */
  readonly source: 'devnet' | 'node';
  readonly state: 'ok' | 'degraded';
  readonly reason: ChainDegradedReason | null;
  /**
   * One line for operators, which GET /health shows to anyone: a node failure's own message (never a
   * secret: node messages carry no credentials); any other error's message goes to the log only.
   */
  readonly detail: string | null;
  /** When the chain entered its current state (ISO 8601). */
  readonly since: string;
  /** The height Rora has read up to, and the node's tip, from the last pass that reached the node. */
  readonly height: number | null;
  readonly tip: number | null;
}

export type ChainOutcome = { readonly height: number; readonly tip: number } | { readonly error: unknown };

export interface ChainHealth {
  /** What the last contact with the chain of `network` showed. */
  report(network: NetworkId, outcome: ChainOutcome): void;
  /** The state of the network's chain when degraded, else null. */
  degraded(network: NetworkId): ChainState | null;
  states(): ChainState[];
}

const NODE_REASONS: Record<string, ChainDegradedReason> = {
  unreachable: 'node_unreachable',
  timeout: 'node_timing_out',
  malformed: 'node_answer_malformed',
  rejected: 'node_refused',
};

/** The reason an error gives for a degraded chain: a node failure by its kind, else a stopped scanner. */
export function reasonOf(error: unknown): ChainDegradedReason {
  const kind = (error as { kind?: unknown } | null)?.kind;
  return (typeof kind === 'string' && NODE_REASONS[kind]) || 'scanner_stopped';
}

/** A stopped scanner's line on the public health page: its error (a database's, a bug's) is logged. */
const SCANNER_STOPPED = 'the deposit scanner stopped on an error (see the log)';

const detailOf = (error: unknown) =>
  reasonOf(error) === 'scanner_stopped' ? SCANNER_STOPPED : String((error as Error).message).slice(0, 200);

export function createChainHealth(deps: { clock: Clock; nodeChains: readonly ChainId[] }): ChainHealth {
  const started = deps.clock.now().toISOString();
  const states = new Map<ChainId, ChainState>(
    CHAIN_IDS.map((chain) => {
      const source = deps.nodeChains.includes(chain) ? ('node' as const) : ('devnet' as const);
      return [
        chain,
        { chain, source, state: 'ok', reason: null, detail: null, since: started, height: null, tip: null },
      ];
    }),
  );

  const set = (chain: ChainId, next: Omit<ChainState, 'chain' | 'source' | 'since'>) => {
    const current = states.get(chain) as ChainState;
    const changed = current.state !== next.state || current.reason !== next.reason;
    const since = changed ? deps.clock.now().toISOString() : current.since;
    states.set(chain, { ...current, ...next, since });
  };

  return {
    report(network, outcome) {
      const chain = getNetwork(network).chain;
      const current = states.get(chain) as ChainState;
      if ('error' in outcome) {
        set(chain, { ...current, state: 'degraded', reason: reasonOf(outcome.error), detail: detailOf(outcome.error) });
        return;
      }
      const { height, tip } = outcome;
      const behind = tip - height >= BEHIND_BLOCKS;
      const detail = behind ? `${tip - height} blocks below the node's tip` : null;
      set(chain, { state: behind ? 'degraded' : 'ok', reason: behind ? 'behind' : null, detail, height, tip });
    },
    degraded(network) {
      const state = states.get(getNetwork(network).chain) as ChainState;
      return state.state === 'degraded' ? state : null;
    },
    states: () => [...states.values()],
  };
}
