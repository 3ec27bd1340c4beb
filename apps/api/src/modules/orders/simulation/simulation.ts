// A seeded simulation of the order commit protocol, in the spirit of TigerBeetle's VOPR (ADR 0023).
// One seed drives one run: orders arrive, the server (sim-process.ts, the real CommitProtocol) sends
// batches, and the scheduler picks at each step, by the seeded generator, which thing happens next:
// a call reaches its backend (calls overtake each other), a transaction takes a step, an answer comes
// back, or a fault: an answer lost or a connection broken while its transaction goes on (and may
// commit later), the writer lock lost, a read or a mark read failing, the ledger refusing a batch,
// the server crashing and restarting from the database. After every step the checker looks at the
// model database and what each order was told.
import { ModelDb, type TxnResult } from './model-db.ts';
import { Prng } from '../../../testing/prng.ts';
import { SimProcess, type Call, type World } from './sim-process.ts';
import type { CommitOutcome } from '../commit-protocol.ts';

export interface SimOptions {
  orders?: number;
  maxSteps?: number;
  /** Keep the whole trace, not only its last lines. */
  traceAll?: boolean;
  /**
   * Through a transaction pooler: the server does not know its calls' backends. Outside the
   * operational limits, to show why they are there: the simulation then fails.
   */
  pooler?: boolean;
  /**
   * A new writer reads its books without first taking the chain row: the fix of ADR 0023 undone,
   * to show what it closes. A fast restart then loses a late commit's orders from the books.
   */
  unfenced?: boolean;
}

export interface SimResult {
  seed: number;
  ok: boolean;
  steps: number;
  error?: string;
  /** The last lines of the run's trace, for a failure. */
  trace: string[];
  pooler: boolean;
  unfenced: boolean;
  /** What the orders were told: placed, refused, unavailable; the others were never answered. */
  answers: Record<'placed' | 'refused' | 'unavailable', number>;
}

type Action = { weight: number; run: () => void };

export function simulate(seed: number, options: SimOptions = {}): SimResult {
  const prng = new Prng(seed);
  const world: World = {
    db: new ModelDb(),
    prng,
    calls: [],
    answers: new Map(),
    trace: [],
    faults: drawFaults(prng),
    pooler: options.pooler ?? false,
    unfenced: options.unfenced ?? false,
    ledgerRefused: new Set(),
  };
  const sim = new Scheduler(world, options.orders ?? 12 + prng.below(30));
  const maxSteps = options.maxSteps ?? 5_000;
  let steps = 0;
  try {
    for (; steps < maxSteps && sim.step(); steps += 1) check(world, sim.process);
    if (steps >= maxSteps) throw new Error(`no end after ${maxSteps} steps`);
    checkEnd(world, sim);
    const trace = options.traceAll ? world.trace : [];
    return { seed, ok: true, steps, trace, answers: count(world), pooler: world.pooler, unfenced: world.unfenced };
  } catch (error) {
    const trace = options.traceAll ? world.trace : world.trace.slice(-40);
    const message = (error as Error).message;
    return {
      seed,
      ok: false,
      steps,
      error: message,
      trace,
      answers: count(world),
      pooler: world.pooler,
      unfenced: world.unfenced,
    };
  }
}

/**
 * Each run draws its own fault rates, so some seeds are stormy. One in four is calm: no fault but a
 * single ledger refusal, after which every order must still be placed (the protocol makes progress).
 */
function drawFaults(prng: Prng): World['faults'] {
  const calm = prng.chance(0.25);
  const rate = (most: number) => (calm ? 0 : prng.next() * most);
  const [readFails, markReadFails] = [rate(0.05), rate(0.05)];
  const ledgerRefuses = calm ? 0.3 : prng.next() * 0.1;
  return { calm, readFails, markReadFails, ledgerRefuses, ledgerRefusalsLeft: calm ? 1 : Infinity };
}

class Scheduler {
  process: SimProcess | null;
  generated = 0;
  private crashes = 0;

  constructor(
    private readonly world: World,
    private readonly orders: number,
  ) {
    this.process = new SimProcess(world);
  }

  /** Takes one step; false once nothing is left to do. */
  step(): boolean {
    const actions = this.actions();
    const total = actions.reduce((sum, action) => sum + action.weight, 0);
    if (total === 0) return false;
    let draw = this.world.prng.next() * total;
    for (const action of actions) {
      draw -= action.weight;
      if (draw < 0) return (action.run(), true);
    }
    actions.at(-1)!.run();
    return true;
  }

  private actions(): Action[] {
    const { world } = this;
    const { db, prng, calls } = world;
    const process = this.process;
    const actions: Action[] = [];
    const add = (weight: number, run: () => void) => weight > 0 && actions.push({ weight, run });
    if (process) {
      add(this.generated < this.orders ? 3 : 0, () => this.arrive());
      add(process.canStart() ? 3 : 0, () => process.start(1 + prng.below(prng.chance(0.2) ? 24 : 4)));
      add(process.canRecover() ? 3 : 0, () => process.recover());
      add(process.pending.length > 0 ? 3 : 0, () => process.stepPending());
      add(process.canFence() ? 3 : 0, () => process.fence());
      // A restart may come while a crashed server's commit holds the chain (a fast restart).
    } else add(2, () => this.restart());
    const toDb = calls.filter((call) => call.state === 'to_db');
    add(toDb.length > 0 ? 3 : 0, () => this.reach(prng.pick(toDb)));
    const runnable = db.runnable();
    add(runnable.length > 0 ? 4 : 0, () => this.advance(prng.pick(runnable)));
    const back = calls.filter((call) => call.state === 'answered');
    add(back.length > 0 ? 3 : 0, () => this.deliver(prng.pick(back)));
    const live = calls.filter((call) => call.process === process);
    const storm = !world.faults.calm;
    add(storm && live.length > 0 ? 0.3 : 0, () => this.breakConnection(prng.pick(live)));
    const busy = storm && (this.generated < this.orders || (process !== null && !process.idle()));
    add(busy && process && db.writerPid !== null ? 0.05 : 0, () => this.loseWriter());
    add(busy && process && this.crashes < 2 ? 0.03 : 0, () => this.crash());
    return actions;
  }

  private arrive(): void {
    const burst = this.world.prng.chance(0.1) ? 20 : 1;
    for (let i = 0; i < burst && this.generated < this.orders; i += 1) {
      this.generated += 1;
      this.process!.queue.push(this.generated);
    }
  }

  private reach(call: Call): void {
    const arrived = this.world.db.arrive(call.pid, call.call);
    this.log(`call of batch ${call.call.batch} ${arrived ? 'reaches' : 'never reaches'} backend ${call.pid}`);
    if (arrived) call.state = 'running';
    else this.answer(call, 'terminated');
  }

  private advance(pid: number): void {
    const result = this.world.db.advance(pid);
    if (result === null) return;
    const call = this.world.calls.find((candidate) => candidate.pid === pid);
    this.log(`backend ${pid}: batch ${call?.call.batch ?? '?'} ${result}`);
    if (call) this.answer(call, result);
  }

  private answer(call: Call, result: TxnResult): void {
    call.state = 'answered';
    call.result = result;
  }

  private deliver(call: Call): void {
    this.drop(call);
    if (call.process !== this.process) return;
    const outcomes: Record<TxnResult, CommitOutcome> = {
      committed: 'committed',
      out_of_chain: 'out_of_chain',
      refused: 'refused',
      not_the_writer: 'not_the_writer',
      terminated: 'unknown',
    };
    call.process.answered(call, outcomes[call.result!]);
  }

  /** The connection breaks: the server learns nothing more, the transaction goes on. */
  private breakConnection(call: Call): void {
    this.drop(call);
    this.log(`connection of batch ${call.call.batch} on ${call.pid} breaks (${call.state})`);
    if (call.state !== 'to_db') this.keepRunning(call);
    else if (this.world.prng.chance(0.5)) this.keepRunning(call);
    call.process.answered(call, 'unknown');
  }

  /** The transaction (or the call still on its way) outlives its connection: it may commit late. */
  private keepRunning(call: Call): void {
    if (call.state === 'answered') return;
    this.world.calls.push({ ...call, process: orphan });
  }

  private drop(call: Call): void {
    this.world.calls.splice(this.world.calls.indexOf(call), 1);
  }

  private loseWriter(): void {
    this.log(`writer lock's session ${this.world.db.writerPid} ends`);
    this.world.db.writerPid = null;
  }

  /** The server process dies: its queue and batches are gone; its calls may still run and commit. */
  private crash(): void {
    this.crashes += 1;
    this.log('server crashes');
    for (const call of this.world.calls) if (call.process === this.process) call.process = orphan;
    this.world.db.writerPid = null;
    this.process = null;
  }

  private restart(): void {
    this.log(`server restarts: chain at ${this.world.db.lastBatch}`);
    // Orders never answered before the crash stay unanswered: their customers saw the connection fail.
    this.process = new SimProcess(this.world);
  }

  describe(): string {
    const process = this.process;
    const state = process ? `queue ${process.queue.length}, pending ${process.pending.length}` : 'crashed';
    return `${state}, calls ${this.world.calls.map((call) => `${call.pid}:${call.state}`)}`;
  }

  idle(): boolean {
    return this.process !== null && this.process.idle() && this.world.calls.length === 0;
  }

  private log(line: string): void {
    this.world.trace.push(line);
  }
}

function count(world: World): SimResult['answers'] {
  const answers = { placed: 0, refused: 0, unavailable: 0 };
  for (const answer of world.answers.values()) answers[answer] += 1;
  return answers;
}

/** The owner of calls whose server crashed or whose connection broke: nobody hears their answer. */
const orphan = Object.create(null) as SimProcess;

/** After every step: what was answered matches what committed. */
function check(world: World, process: SimProcess | null): void {
  const { db, answers } = world;
  for (const [order, batches] of db.committed) {
    if (batches.length > 1) throw new Error(`order ${order} committed ${batches.length} times (${batches})`);
  }
  for (const [order, answer] of answers) {
    const committed = db.committed.has(order);
    if (answer === 'placed' && !committed) throw new Error(`order ${order} answered 201, not committed`);
    if (answer === 'refused' && committed) throw new Error(`order ${order} refused, yet committed`);
  }
  const batches = db.committedBatches;
  for (let i = 1; i < batches.length; i += 1) {
    if (batches[i]! <= batches[i - 1]!) throw new Error(`batch ${batches[i]} committed after ${batches[i - 1]}`);
  }
  if (process && process.idle() && world.calls.length === 0) checkBooks(world, process);
}

/** With nothing in flight anywhere, the books hold exactly what committed. */
function checkBooks(world: World, process: SimProcess): void {
  const committed = [...world.db.committed.keys()];
  const missing = committed.filter((order) => !process.book.has(order));
  const extra = [...process.book].filter((order) => !world.db.committed.has(order));
  if (missing.length + extra.length > 0) {
    throw new Error(`books differ from the database: missing [${missing}], extra [${extra}]`);
  }
}

function checkEnd(world: World, sim: Scheduler): void {
  if (!sim.idle()) throw new Error(`the run ended with work left: ${sim.describe()}`);
  checkBooks(world, sim.process!);
  if (!world.faults.calm) return;
  for (let order = 1; order <= sim.generated; order += 1) {
    const answer = world.answers.get(order);
    if (answer !== 'placed' && !world.ledgerRefused.has(order)) throw new Error(`calm run: order ${order} ${answer}`);
  }
}
