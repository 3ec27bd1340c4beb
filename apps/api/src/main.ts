// `npm start`: validate the configuration, start everything, print the URL, stop cleanly on Ctrl-C.
// The server's modules (and the worker's) load only once the configuration holds, so a process
// refused for its settings says why in about a second, not after loading the whole server.
import { loadConfigOrExit } from './config.ts';
import { runtimeLine } from './runtime.ts';
import { sandboxBanner } from './sandbox-banner.ts';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  console.log(runtimeLine());
  const { startServer } = await import('./server.ts');
  const server = await startServer({ config });
  console.log(`\nRora is running at ${server.url}\n(API docs at ${server.url}/api/docs; press Ctrl-C to stop)\n`);
  if (config.NODE_ENV !== 'production') console.log(`${sandboxBanner(config, server.url).join('\n')}\n`);

  // One stop, however many signals: a terminal's Ctrl-C reaches npm and tsx as well, and tsx sends
  // it on, so one keypress can arrive twice; with the default action the second ended the process
  // in the middle of its stop, before PostgreSQL was stopped in order. The stop takes 15 s at most.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received: stopping…`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await server.stop();
    console.log('Stopped. Data is kept for the next start.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch(async (error: unknown) => {
  const { startFailure } = await import('@rora/worker');
  console.error('Rora failed to start:', startFailure(error));
  process.exit(1);
});
