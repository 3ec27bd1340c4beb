// Ids derived from what a step is about (a swap and its leg, a send and its purpose, a loan and its
// leg), so every retry of the step names the same ledger transfer: the ledger replays a known id
// instead of moving money twice.
import { createHash } from 'node:crypto';

/** A UUID-shaped id (version 8, "custom") from `parts` joined by ':': the same parts, the same id. */
export function derivedId(...parts: readonly string[]): string {
  const hex = createHash('sha256').update(parts.join(':')).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
