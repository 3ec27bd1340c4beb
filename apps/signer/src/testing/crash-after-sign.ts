// The signer process that dies by SIGKILL right after its first new signature is committed, before
// it answers: the kill -9 test (process.test.ts) then restarts the real process and retries.
import { loadSignerConfig } from '../config.ts';
import { runSigner } from '../run.ts';

const signer = await runSigner(loadSignerConfig(process.env), {
  afterRecord: () => process.kill(process.pid, 'SIGKILL'),
});
console.log(`READY ${signer.url}`);
