// Reads one WebSocket message against the contract's events (loaded apart from the first paint: see
// socket.ts). A message that is not JSON or not an event of the contract is dropped.
import { parseRealtimeEvent, type RealtimeEvent } from '@rora/contracts';

export function parseEvent(text: unknown): RealtimeEvent | null {
  if (typeof text !== 'string') return null;
  try {
    return parseRealtimeEvent(JSON.parse(text));
  } catch {
    return null;
  }
}
