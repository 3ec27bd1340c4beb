import { useCallback, useEffect, useState } from 'react';
import { secondsLeft } from './countdown.ts';

export interface Countdown {
  readonly secondsLeft: number;
  readonly running: boolean;
  /** Starts again from the full duration (a resend, or going back a step). */
  restart(): void;
}

export function useCountdown(durationSeconds: number): Countdown {
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(startedAt, now, durationSeconds);

  useEffect(() => {
    if (left === 0) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [left, startedAt]);

  const restart = useCallback(() => {
    const time = Date.now();
    setStartedAt(time);
    setNow(time);
  }, []);

  return { secondsLeft: left, running: left > 0, restart };
}
