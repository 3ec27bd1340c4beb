// The devnet's life in PostgreSQL (ADR 0048): restored on open, written while this process holds
// the devnet lock. A reader looks at the lock every `takeoverMs`; once two looks found it free it
// takes it, rebuilds its copy from the tables and runs the devnet from then on, as the owner it
// replaces did (ADR 0082). An owner that finds another process holding the lock when it takes it
// again (its connection was lost and a reader took it meanwhile) steps down: it stops mining, fails
// what waited on its unwritten batches, reads its devnet again from the tables as a reader does,
// and watches the lock again (ADR 0083).
import { DevnetRunElsewhereError, type Devnet } from '@rora/chains';
import type { Db } from '@rora/db';
import { lockFreeTwice, renewingDevnetLock, takeDevnetLock, type DevnetLock } from './devnet-lock.ts';
import { createDevnetJournal, readDevnetMarket, readDevnetSnapshots } from './devnet-store.ts';

export interface KeeperLog {
  error(object: object, message: string): void;
}

/** How often a process that reads the devnet tries to take it over (its owner stopped: ADR 0082). */
export const DEVNET_TAKEOVER_MS = 1_500;

type RenewingLock = ReturnType<typeof renewingDevnetLock>;

export class DevnetKeeper {
  readonly #devnet: Devnet;
  readonly #pool: Db['$client'];
  readonly #log: KeeperLog;
  readonly #takeoverMs: number;
  readonly #takeoverTasks: (() => Promise<void>)[] = [];
  #lock: RenewingLock | undefined;
  #opening: Promise<'owner' | 'reader'> | undefined;
  #role: 'owner' | 'reader' | undefined;
  #started = false;
  #closed = false;
  #retry: ReturnType<typeof setInterval> | undefined;
  #trying: Promise<void> | undefined;
  /** A displaced owner's devnet being read again from the tables (`#stepDown`). */
  #stepping: Promise<void> | undefined;
  /** The copy is a displaced owner's, not yet read again (that read failed): the next look reads it. */
  #stale = false;

  constructor(deps: { db: Db; log?: KeeperLog; takeoverMs?: number }, devnet: Devnet) {
    this.#devnet = devnet;
    this.#pool = deps.db.$client;
    this.#log = deps.log ?? { error: () => undefined };
    this.#takeoverMs = deps.takeoverMs ?? DEVNET_TAKEOVER_MS;
  }

  /** Restores the devnet from the tables; `owner` if this process took the lock, else `reader`. */
  open(): Promise<'owner' | 'reader'> {
    this.#opening ??= (async () => {
      const taken = await takeDevnetLock(this.#pool);
      this.#devnet.restore(await readDevnetSnapshots(taken?.client ?? this.#pool));
      if (taken) {
        await this.#own(taken);
        return 'owner' as const;
      }
      this.#role = 'reader';
      // Its fee estimates read the owner's current market from the tables (ADR 0082).
      this.#devnet.followMarket((chain) => readDevnetMarket(this.#pool, chain));
      this.#watch();
      return 'reader' as const;
    })();
    return this.#opening;
  }

  reader(): boolean {
    return this.#role === 'reader';
  }

  onTakeover(task: () => Promise<void>): void {
    this.#takeoverTasks.push(task);
  }

  /** Mines only where it is written: never in a reader, nor before open (tests mine by hand). */
  start(): void {
    this.#started = true;
    if (this.#lock) this.#devnet.start();
  }

  stop(): void {
    this.#started = false;
    this.#devnet.stop();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#retry);
    await this.#stepping;
    await this.#trying;
    await this.#devnet.close();
    await this.#lock?.release();
  }

  /** Runs the devnet under the lock just taken: written from now on, and mined once started. */
  async #own(taken: DevnetLock): Promise<void> {
    const held: RenewingLock = renewingDevnetLock(this.#pool, taken, {
      displaced: (error) => this.#stepDown(held, error),
    });
    this.#lock = held;
    this.#devnet.keep(createDevnetJournal({ connection: () => held.connection(), log: this.#log }));
    await this.#devnet.flush();
    this.#role = 'owner';
    if (this.#started) this.#devnet.start();
  }

  /** A reader's copy: the tables as written now, its fee estimates following the owner's market. */
  async #readAsCopy(): Promise<void> {
    this.#devnet.reload(await readDevnetSnapshots(this.#pool));
    this.#devnet.followMarket((chain) => readDevnetMarket(this.#pool, chain));
    this.#stale = false;
  }

  /** Looks at the lock every `takeoverMs`, and takes the devnet once two looks in a row found it free. */
  #watch(): void {
    if (this.#closed) return;
    clearInterval(this.#retry);
    const ownerGone = lockFreeTwice(this.#pool);
    const look = async () => {
      await this.#stepping;
      if (this.#stale) await this.#readAsCopy();
      await this.#takeOver(ownerGone);
    };
    this.#retry = setInterval(() => {
      this.#trying ??= look()
        .catch((error: unknown) => this.#log.error({ err: error }, 'devnet takeover failed'))
        .finally(() => (this.#trying = undefined));
    }, this.#takeoverMs);
    this.#retry.unref();
  }

  async #takeOver(ownerGone: () => Promise<boolean>): Promise<void> {
    const taken = (await ownerGone()) ? await takeDevnetLock(this.#pool, 0) : null;
    if (!taken) return;
    if (this.#closed) return taken.release();
    try {
      // The copy read at start is stale: the chains are rebuilt from what the last owner wrote.
      this.#devnet.reload(await readDevnetSnapshots(taken.client));
    } catch (error) {
      await taken.release();
      throw error;
    }
    clearInterval(this.#retry);
    for (const task of this.#takeoverTasks) {
      await task().catch((error: unknown) => this.#log.error({ err: error }, 'devnet takeover task failed'));
    }
    await this.#own(taken);
  }

  /**
   * Another process took the lock while this one's connection was lost: from now on it only reads the
   * devnet. Nothing it holds in memory alone reaches anyone: the blocks, deposits and broadcasts not
   * yet written are dropped with their events, and what waits on them fails (DevnetRunElsewhereError:
   * a send stays held for the new owner, a faucet deposit answers 409).
   */
  #stepDown(held: RenewingLock, error: Error): void {
    if (this.#lock !== held || this.#closed) return;
    this.#lock = undefined;
    this.#role = 'reader';
    this.#devnet.retire(new DevnetRunElsewhereError());
    this.#log.error({ err: error }, 'devnet lock taken by another process: this one steps down and reads the devnet');
    this.#stale = true;
    this.#stepping = this.#readAsCopy()
      .catch((failure: unknown) => this.#log.error({ err: failure }, 'devnet not read again after stepping down'))
      .finally(() => (this.#stepping = undefined));
    this.#watch();
  }
}
