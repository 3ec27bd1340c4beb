// Where the API's log lines go when no test gives a stream: stdout, written in blocks. pino's default
// writes each line with a call of its own as soon as the one before has finished; under load that was
// one system call per request line, a few per cent of the server's time. Lines wait here until 4 KiB
// have gathered or 100 ms have passed, whichever comes first, and are written at once when the
// process exits (pino flushes its destinations on exit). A process killed outright (SIGKILL) loses
// at most those last 100 ms of lines. See docs/adr/0053-cost-per-order.md.
import { pino, type DestinationStream } from 'pino';

export const LOG_BLOCK_BYTES = 4096;
export const LOG_FLUSH_MS = 100;

export function bufferedStdout(): DestinationStream {
  return pino.destination({ dest: 1, minLength: LOG_BLOCK_BYTES, periodicFlush: LOG_FLUSH_MS, sync: false });
}
