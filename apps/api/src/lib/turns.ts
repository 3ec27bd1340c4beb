// Work queued per key in this process: a key's task starts once the one before it has settled, and
// tasks of other keys run alongside. A key is forgotten once its last task has run.
export type Turns<K> = <T>(key: K, task: () => Promise<T>) => Promise<T>;

export function createTurns<K>(): Turns<K> {
  const queues = new Map<K, Promise<unknown>>();
  return (key, task) => {
    const run = (queues.get(key) ?? Promise.resolve()).then(task);
    const settled = run.catch(() => undefined);
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return run;
  };
}
