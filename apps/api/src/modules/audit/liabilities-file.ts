// The public liabilities file of a snapshot: a header line, then `{ position, hash, sums }` per leaf.
// It is public and read every leaf from PostgreSQL on every request, so a flood of downloads was a
// flood of full scans. A published snapshot never changes, so its file is built once and kept (the
// last few asked, up to MAX_CACHED_LEAVES leaves each); a larger one is streamed. At most MAX_READS
// files are read from PostgreSQL at once per process; the next is asked to come back (429).
import { AppError } from '../../lib/errors.ts';
import { createSlots } from '../../lib/slots.ts';
import type { AuditRepository, SnapshotRow } from './audit.repository.ts';

/** About 150 bytes a leaf: 100,000 leaves is a 15 MB file held in memory, four of them at most. */
const MAX_CACHED_LEAVES = 100_000;
const MAX_KEPT_FILES = 4;
/** Files read from PostgreSQL at once per process (built to keep, or streamed). */
const MAX_READS = 2;
const RETRY_AFTER_SECONDS = 30;
const FILE_BATCH = 5_000;

export type LiabilitiesFile = (id: string) => Promise<AsyncIterable<string>>;

function headerLine(row: SnapshotRow): string {
  const header = {
    format: 'rora-liabilities/v1',
    snapshotId: row.id,
    takenAt: row.takenAt.toISOString(),
    assets: row.assets,
    leafCount: row.leafCount,
    root: { hash: row.rootHash, sums: row.rootSums.map(String) },
  };
  return `${JSON.stringify(header)}\n`;
}

async function* fileLines(repository: AuditRepository, row: SnapshotRow): AsyncGenerator<string> {
  yield headerLine(row);
  for await (const rows of repository.leavesInOrder(row.id, FILE_BATCH)) {
    yield rows
      .map((leaf) => `${JSON.stringify({ position: leaf.position, hash: leaf.hash, sums: leaf.amounts.split(',') })}\n`)
      .join('');
  }
}

async function* once(text: string): AsyncGenerator<string> {
  yield text;
}

/**
 * `inner`, calling `release` when it ends, fails or is closed early (a client gone mid-file): it may
 * come more than once, and a slot's give-back ignores all but the first (lib/slots.ts).
 */
function releasing(inner: AsyncGenerator<string>, release: () => void): AsyncIterableIterator<string> {
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      try {
        const result = await inner.next();
        if (result.done) release();
        return result;
      } catch (error) {
        release();
        throw error;
      }
    },
    async return() {
      release();
      return inner.return(undefined);
    },
  };
}

export function createLiabilitiesFile(repository: AuditRepository): LiabilitiesFile {
  // The files of the last few snapshots asked (one build each, however many ask at once), and the
  // reads of PostgreSQL under way: builds and streams.
  const kept = new Map<string, Promise<string>>();
  const reads = createSlots({ perKey: MAX_READS, total: MAX_READS });

  function takeRead(id: string): () => void {
    const release = reads.take(id);
    if (release) return release;
    throw new AppError('too_many_requests', { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } });
  }

  function keep(row: SnapshotRow): Promise<string> {
    const release = takeRead(row.id);
    const text = (async () => {
      const parts: string[] = [];
      for await (const part of fileLines(repository, row)) parts.push(part);
      return parts.join('');
    })().finally(release);
    kept.set(row.id, text);
    if (kept.size > MAX_KEPT_FILES) kept.delete(kept.keys().next().value as string);
    // A failed build (the database away) is not kept: the next request tries again.
    text.catch(() => {
      if (kept.get(row.id) === text) kept.delete(row.id);
    });
    return text;
  }

  return async (id) => {
    const cached = kept.get(id);
    if (cached) return once(await cached);
    const row = await repository.published(id);
    if (!row) throw new AppError('resource_not_found');
    if (row.leafCount <= MAX_CACHED_LEAVES) return once(await (kept.get(id) ?? keep(row)));
    return releasing(fileLines(repository, row), takeRead(id));
  };
}
