// Each customer's nonce in a snapshot: a hash of the snapshot's secret and the customer's id. It is
// given only to that customer (with their proof), so nobody else can recompute which leaves are theirs.
import { hash } from 'node:crypto';

export function customerNonce(secret: string, customerId: string): string {
  return hash('sha256', `rora-por/nonce/v1|${secret}|${customerId}`);
}
