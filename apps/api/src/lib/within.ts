// A promise's value if it comes within a time, else undefined: for a call whose slowness must not
// hold up its caller (a venue's quote, the health check's database). A value that comes too late is
// handed to `late` (a connection to give back); a rejection counts as no value.
export function within<T>(
  promise: Promise<T>,
  ms: number,
  late: (value: T) => void = () => {},
): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  let over = false;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      over = true;
      resolve(undefined);
    }, ms);
  });
  const settled = promise.then(
    (value) => {
      if (over) late(value);
      return value;
    },
    () => undefined,
  );
  return Promise.race([settled, timeout]).finally(() => clearTimeout(timer));
}
