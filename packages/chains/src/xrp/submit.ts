// Submits a signed XRP transaction blob. What the server answers at submission is provisional (only a
// validated ledger is final), so the answers that mean "it is, or was, in the ledger's hands" count as
// sent: applied or queued, a `tec` result (included, fee claimed, failed: the tx method says so), and
// the sequence already used (`tefPAST_SEQ`, `tefALREADY`: sent before, or its sequence taken; the tx
// method or its expiry decides). Anything else is a NodeError: the send stays held and is retried.
import { asRecord } from '../json-post.ts';
import { NodeError } from '../utxo/rpc-client.ts';
import type { XrpRpc } from './rpc.ts';

const SENT = /^(tesSUCCESS|terQUEUED|tec[A-Z_]+|tefPAST_SEQ|tefALREADY)$/;

export async function submitBlob(rpc: XrpRpc, blob: string): Promise<string> {
  const result = asRecord(await rpc.call('submit', { tx_blob: blob }), 'submit');
  const engine = result.engine_result;
  if (typeof engine !== 'string') throw new NodeError('malformed', 'submit: no engine_result');
  if (!SENT.test(engine)) {
    const message = typeof result.engine_result_message === 'string' ? result.engine_result_message.slice(0, 160) : '';
    throw new NodeError('rejected', `submit: ${engine.slice(0, 40)} ${message}`.trim());
  }
  return engine;
}
