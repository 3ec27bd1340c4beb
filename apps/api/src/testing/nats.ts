// The NATS server of the test machine (NATS_TEST_URL, default 127.0.0.1:4222), for the suites of the
// NATS event bus. Where none answers they say so in one line and skip, except under CI=true, where
// they run and fail (CI's machine runs one).
import { createConnection } from 'node:net';

export const natsTestUrl = new URL(process.env.NATS_TEST_URL ?? 'nats://127.0.0.1:4222');

function natsAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: natsTestUrl.hostname, port: Number(natsTestUrl.port) });
    socket.setTimeout(1_000, () => (socket.destroy(), resolve(false)));
    socket.once('data', (data) => (socket.destroy(), resolve(data.toString().startsWith('INFO'))));
    socket.once('error', () => resolve(false));
  });
}

/** True where the NATS suites should run; logs the skip once per suite otherwise. */
export async function natsAvailable(suite: string): Promise<boolean> {
  const available = (await natsAnswers()) || process.env.CI === 'true';
  if (!available) console.warn(`[${suite}] no NATS answers at ${natsTestUrl.host}: its NATS tests are skipped`);
  return available;
}
