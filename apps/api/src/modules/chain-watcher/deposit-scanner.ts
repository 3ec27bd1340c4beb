// Finds deposits on the chains read through a node (configured `rpc`) by walking their blocks in
// order from a cursor kept in PostgreSQL: each block's outputs go to the wallets module (which keeps
// those paying customers' addresses, idempotently), then the cursor moves onto the block. Before
// each block the parent hash is checked against the cursor: a mismatch is a reorganisation, so the
// scanner walks back its recorded hashes to where it and the node agree, tells the wallets module
// which heights left the chain, and rewinds. After the walk, confirmations are counted up to the
// cursor and deposits that reached their count are credited.
//
// Restart-safe by construction: a crash after recording a block's deposits but before moving the
// cursor re-reads that block (recording is idempotent); a crash after moving it never re-reads it.
import { getNetwork, type BlockScanner, type NetworkId, type ScannedBlock } from '@rora/chains';
import type { Clock } from '../../lib/clock.ts';
import type { ChainHealth } from './chain-health.ts';
import { KEPT_BLOCKS, type ChainCursor, type ChainCursorsRepository } from './chain-cursors.repository.ts';

/** What the wallets module does with what the scanner finds. */
export interface ScannedChainHandlers {
  /** A block on the chain, in height order: record the outputs that pay customers. */
  block(network: NetworkId, block: ScannedBlock): Promise<void>;
  /** Count confirmations of open deposits up to the scanned height; credit those that reached it. */
  confirm(network: NetworkId, scannedHeight: number): Promise<void>;
  /** Blocks above `forkHeight` left the chain. */
  reorganized(network: NetworkId, forkHeight: number): Promise<void>;
}

export interface ScannedNetwork {
  readonly network: NetworkId;
  readonly scanner: BlockScanner;
  /** First height whose deposits count; unset: the tip when the scanner first runs. */
  readonly startHeight?: number;
}

export interface ScanReport {
  readonly network: NetworkId;
  readonly height: number;
  /** The node's tip when the pass read it. */
  readonly tip: number;
  readonly blocks: number;
  readonly reorganizations: number;
}

export interface DepositScanner {
  readonly networks: readonly NetworkId[];
  /** One pass over a network: new blocks, reorganisations, confirmations. Passes never overlap. */
  scan(network: NetworkId): Promise<ScanReport>;
  /** Scans every network every `intervalMs` (unref'd timer); failures are logged and retried. */
  start(intervalMs: number): void;
  stop(): void;
}

/** At most this many blocks per pass, so confirmations are counted regularly while catching up. */
export const MAX_BLOCKS_PER_SCAN = 500;

interface Deps {
  networks: readonly ScannedNetwork[];
  cursors: ChainCursorsRepository;
  handlers: ScannedChainHandlers;
  clock: Clock;
  log: { error(object: object, message: string): void };
  /** Told the outcome of every pass: the chain's state on GET /health (ADR 0044). */
  health?: Pick<ChainHealth, 'report'>;
}

class ReorganizationTooDeep extends Error {
  override readonly name = 'ReorganizationTooDeep';
}

export function createDepositScanner(deps: Deps): DepositScanner {
  const passes = new Map<NetworkId, Promise<ScanReport>>();
  let timer: NodeJS.Timeout | undefined;

  const scan = (network: NetworkId): Promise<ScanReport> => {
    const entry = deps.networks.find((candidate) => candidate.network === network);
    if (!entry) return Promise.reject(new Error(`${network} is not read through a node`));
    const previous = passes.get(network) ?? Promise.resolve(null);
    const pass = previous
      .catch(() => null)
      .then(() => scanPass(deps, entry))
      .catch((error: unknown) => {
        deps.health?.report(network, { error });
        throw error;
      });
    passes.set(network, pass);
    return pass;
  };

  return {
    networks: deps.networks.map((entry) => entry.network),
    scan,
    start(intervalMs) {
      if (timer || deps.networks.length === 0) return;
      const tick = () => {
        for (const { network } of deps.networks) {
          scan(network).catch((error: unknown) =>
            deps.log.error(
              { network, error: (error as Error)?.name, message: (error as Error)?.message },
              'deposit scan failed',
            ),
          );
        }
      };
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

async function firstCursor(deps: Deps, entry: ScannedNetwork, chain: string): Promise<ChainCursor> {
  const height = entry.startHeight === undefined ? await entry.scanner.tipHeight() : Math.max(0, entry.startHeight - 1);
  const hash = await entry.scanner.blockHash(height);
  if (hash === null) throw new Error(`${entry.network}: the node has no block at height ${height} yet`);
  await deps.cursors.start(chain, { height, hash }, deps.clock.now());
  return (await deps.cursors.cursor(chain)) as ChainCursor;
}

async function scanPass(deps: Deps, entry: ScannedNetwork): Promise<ScanReport> {
  const { network, scanner } = entry;
  const chain = getNetwork(network).chain;
  let cursor = (await deps.cursors.cursor(chain)) ?? (await firstCursor(deps, entry, chain));
  let blocks = 0;
  let reorganizations = 0;
  // The cursor's own block may have left the chain (a reorganisation that shortened it, or replaced it).
  if ((await scanner.blockHash(cursor.height)) !== cursor.hash) {
    cursor = await rewind(deps, entry, cursor);
    reorganizations += 1;
  }
  const tip = await scanner.tipHeight();
  while (cursor.height < tip && blocks < MAX_BLOCKS_PER_SCAN) {
    const block = await scanner.block(cursor.height + 1);
    if (!block) break;
    if (block.previousHash !== cursor.hash) {
      cursor = await rewind(deps, entry, cursor);
      reorganizations += 1;
      continue;
    }
    await deps.handlers.block(network, block);
    const moved = await deps.cursors.advance(chain, cursor, block, deps.clock.now());
    // Not moved: another scanner passed this block first; carry on from where it is.
    cursor = moved ? block : ((await deps.cursors.cursor(chain)) as ChainCursor);
    blocks += 1;
  }
  // The node answered the whole walk: the chain's state is known before the sends' reconcile, which
  // broadcasts the sends that waited while it was degraded.
  deps.health?.report(network, { height: cursor.height, tip });
  await deps.handlers.confirm(network, cursor.height);
  return { network, height: cursor.height, tip, blocks, reorganizations };
}

/** Walks back to the highest block Rora recorded that the node still has; tells the wallets; rewinds. */
async function rewind(deps: Deps, entry: ScannedNetwork, cursor: ChainCursor): Promise<ChainCursor> {
  const chain = getNetwork(entry.network).chain;
  const floor = Math.max(0, cursor.height - KEPT_BLOCKS);
  for (let height = cursor.height - 1; height >= floor; height -= 1) {
    const ours = await deps.cursors.blockHash(chain, height);
    if (ours === null) break;
    if ((await entry.scanner.blockHash(height)) !== ours) continue;
    await deps.handlers.reorganized(entry.network, height);
    await deps.cursors.rewind(chain, { from: cursor, to: { height, hash: ours } }, deps.clock.now());
    return (await deps.cursors.cursor(chain)) as ChainCursor;
  }
  // Nothing Rora recorded is on the node's chain any more: never guess; an operator must look.
  throw new ReorganizationTooDeep(`${entry.network}: no recorded block below ${cursor.height} is on the node's chain`);
}
