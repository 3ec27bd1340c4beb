// "Only @rora/ledger writes the ledger tables" (DESIGN §3), checked on the source: lint already keeps
// other packages from importing ledger internals, and this keeps them from writing the tables
// directly, in SQL or through the Drizzle schema. SQL that writes its own rows together with a
// ledger batch calls ledger_apply_or_raise() with operations that @rora/ledger encoded and checked
// (encodeLedgerOps), never ledger_apply() or the tables. Tests may damage a database on purpose (to
// prove the checker sees it), so test files are not scanned.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const OWN = [
  path.join('packages', 'ledger') + path.sep,
  path.join('packages', 'db', 'migrations', '0030_ledger.sql'),
  path.join('packages', 'db', 'migrations', '0031_ledger_functions.sql'),
  path.join('packages', 'db', 'migrations', '0032_ledger_apply_set_based.sql'),
  path.join('packages', 'db', 'migrations', '0053_ledger_written_only_by_the_ledger.sql'),
  path.join('packages', 'db', 'src', 'schema', 'ledger.ts'),
];
const SKIP_DIRS = new Set(['node_modules', 'dist', '.data', '.test-data', '.git', 'test-results', 'playwright-report']);
const SQL_WRITE =
  /\b(insert\s+into|update|delete\s+from|truncate(\s+table)?)\s+(only\s+)?"?ledger_(accounts|transfers|holds)\b/i;
const SQL_FUNCTION = /\bledger_apply\s*\(/i;
const DRIZZLE_WRITE = /\.(insert|update|delete)\(\s*(schema\.)?ledger(Accounts|Transfers|Holds)\b/;

async function* sourceFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|sql)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

describe('the ledger tables', () => {
  it('are written by no code outside @rora/ledger and its migrations', async () => {
    const offenders: string[] = [];
    for (const top of ['apps', 'packages', 'scripts']) {
      for await (const file of sourceFiles(path.join(root, top))) {
        const relative = path.relative(root, file);
        if (OWN.some((own) => relative === own || relative.startsWith(own))) continue;
        const text = await readFile(file, 'utf8');
        for (const pattern of [SQL_WRITE, SQL_FUNCTION, DRIZZLE_WRITE]) {
          const match = pattern.exec(text);
          if (match) offenders.push(`${relative}: ${match[0]}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('would notice such a write', () => {
    expect(SQL_WRITE.test(`await pool.query('UPDATE ledger_accounts SET balance = 0')`)).toBe(true);
    expect(SQL_WRITE.test('INSERT INTO ledger_transfers (id) VALUES ($1)')).toBe(true);
    expect(SQL_FUNCTION.test('SELECT ledger_apply($1::jsonb)')).toBe(true);
    expect(DRIZZLE_WRITE.test('await db.update(schema.ledgerAccounts).set({ balance: "0" })')).toBe(true);
    expect(SQL_WRITE.test('SELECT balance FROM ledger_accounts')).toBe(false);
  });
});
