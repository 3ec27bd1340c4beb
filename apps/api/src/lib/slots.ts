// Slots held per key in this process, with an optional bound over every key: work that must stay
// bounded (a socket, an upload held in memory) takes one first and gives it back when it ends. A
// second give-back is ignored, so a caller may give back on each of several endings. A key holding
// no slot is forgotten.
export interface Slots {
  /** A slot for `key`, as the function that gives it back; null when the key or the total is full. */
  take(key: string): (() => void) | null;
}

export function createSlots(limits: { readonly perKey: number; readonly total?: number }): Slots {
  const held = new Map<string, number>();
  let total = 0;
  return {
    take(key) {
      const mine = held.get(key) ?? 0;
      if (mine >= limits.perKey || total >= (limits.total ?? Infinity)) return null;
      held.set(key, mine + 1);
      total += 1;
      let given = false;
      return () => {
        if (given) return;
        given = true;
        total -= 1;
        const rest = (held.get(key) ?? 1) - 1;
        if (rest > 0) held.set(key, rest);
        else held.delete(key);
      };
    },
  };
}
