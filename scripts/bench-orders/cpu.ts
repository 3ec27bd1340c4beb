// CPU time of the server and of PostgreSQL, read from /proc (Linux): user + system time of the
// server process, and of the PostgreSQL processes serving the bench's database. On the embedded
// server that is every child of its postmaster; on a shared server only this database's backends.
// The system (kernel) part is kept apart: it is mostly the syscalls of sockets, whose cost differs
// most between hosts (a virtual machine's wake-ups of an idle core cost several times a bare one's).
import { readFileSync, readdirSync } from 'node:fs';
import type pg from 'pg';

const TICKS_PER_SECOND = 100;

/** CPU ms, in all and the kernel's part of it. */
export interface CpuMs {
  total: number;
  system: number;
}

/** [ppid, cpu ms] of a process, or null when it is gone. */
function stat(pid: number): [number, CpuMs] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // After "pid (comm) ": state ppid ... utime is field 14 of stat, stime 15 (1-based, whole line).
    const [ppid, utime, stime] = [Number(fields[1]), Number(fields[11]), Number(fields[12])];
    return [ppid, { total: ((utime + stime) * 1000) / TICKS_PER_SECOND, system: (stime * 1000) / TICKS_PER_SECOND }];
  } catch {
    return null;
  }
}

export function processCpuMs(pid: number): CpuMs {
  return stat(pid)?.[1] ?? { total: 0, system: 0 };
}

export const cpuMinus = (after: CpuMs, before: CpuMs): CpuMs => ({
  total: after.total - before.total,
  system: after.system - before.system,
});

export const cpuPlus = (a: CpuMs, b: CpuMs): CpuMs => ({ total: a.total + b.total, system: a.system + b.system });

/** The PostgreSQL processes to count: the database's backends, plus the postmaster's other children when embedded. */
export async function postgresPids(pool: pg.Pool, embedded: boolean): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
  );
  const backends = rows.map((row) => row.pid);
  if (!embedded || backends.length === 0) return backends;
  const postmaster = stat(backends[0]!)?.[0];
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => stat(pid)?.[0] === postmaster);
  return [...new Set([...children, ...backends])];
}

/** CPU ms of each process alive now. */
export function cpuSnapshot(pids: number[]): Map<number, CpuMs> {
  const snapshot = new Map<number, CpuMs>();
  for (const pid of pids) {
    const entry = stat(pid);
    if (entry !== null) snapshot.set(pid, entry[1]);
  }
  return snapshot;
}

/** CPU spent between two snapshots: a process started in between counts whole, one that ended is lost. */
export function cpuBetween(before: Map<number, CpuMs>, after: Map<number, CpuMs>): CpuMs {
  let spent = { total: 0, system: 0 };
  for (const [pid, ms] of after) spent = cpuPlus(spent, cpuMinus(ms, before.get(pid) ?? { total: 0, system: 0 }));
  return spent;
}
