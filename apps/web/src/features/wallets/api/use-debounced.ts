// A value that follows another after it has stopped changing for `delayMs`: the address check and
// fee estimate run when the customer pauses typing, not on every key.
import { useEffect, useState } from 'react';

export function useDebounced<T>(value: T, delayMs = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
