import { useEffect, useState } from 'react';

/**
 * Whole seconds until `availableAtMs`, ticking once a second while above 0. Read from the clock
 * as the page renders, so the render that sets a new time already counts down from it (a count
 * kept in state showed the old one for a render: the resend notice said 42 seconds beside an
 * enabled Resend).
 */
export function useSecondsUntil(availableAtMs: number | null): number {
  const secondsLeft = () => (availableAtMs === null ? 0 : Math.max(0, Math.ceil((availableAtMs - Date.now()) / 1000)));
  const [, setTicks] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: secondsLeft reads only availableAtMs
  useEffect(() => {
    if (availableAtMs === null) return;
    const timer = setInterval(() => {
      setTicks((ticks) => ticks + 1);
      if (secondsLeft() === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [availableAtMs]);
  return secondsLeft();
}
