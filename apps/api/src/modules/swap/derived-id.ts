// Ids derived from a swap's id and a settlement leg, so every rerun of a settlement names the same
// ledger transfers (the ledger replays a known id instead of moving money twice).
import { createHash } from 'node:crypto';

/** A UUID-shaped id (version 8, "custom") from `base` and `leg`: the same inputs, the same id. */
export function derivedId(base: string, leg: string): string {
  const hex = createHash('sha256').update(`swap:${base}:${leg}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
