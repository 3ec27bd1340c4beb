// Log lines written in blocks still all reach stdout: those of a quiet moment within the flush
// interval, and the last ones when the process exits.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Runs `body` in a child process with `log`, a pino logger on bufferedStdout(); returns its stdout lines. */
async function childLines(body: string): Promise<Array<{ msg: string }>> {
  const script = `
    import { pino } from 'pino';
    import { bufferedStdout } from ${JSON.stringify(path.join(here, 'log-destination.ts'))};
    const log = pino(bufferedStdout());
    ${body}`;
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    script,
  ]);
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg: string });
}

describe('bufferedStdout', () => {
  it('writes the lines still held when the process exits', async () => {
    const lines = await childLines(`log.info('first'); log.info('last'); process.exit(0);`);
    expect(lines.map((line) => line.msg)).toEqual(['first', 'last']);
  });

  it('writes held lines within the flush interval while the process runs on', async () => {
    const lines = await childLines(`
      log.info('quiet');
      const { writeSync } = await import('node:fs');
      await new Promise((resolve) => setTimeout(resolve, 400));
      writeSync(1, JSON.stringify({ msg: 'marker' }) + '\\n');
      process.exit(0);`);
    // Flushed by the timer before the marker, written directly 400 ms later, came out.
    expect(lines.map((line) => line.msg)).toEqual(['quiet', 'marker']);
  });
});
