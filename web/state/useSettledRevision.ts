// The workspace revision once it has stopped moving for a moment, so an agent logging hundreds of steps a second causes
// one recomputation when it pauses, not hundreds.
import { useEffect, useState } from 'react';

export function useSettledRevision(revision: number, delayMs = 400): number {
  const [settled, setSettled] = useState(revision);
  useEffect(() => {
    if (revision === settled) return;
    const timer = setTimeout(() => setSettled(revision), delayMs);
    return () => clearTimeout(timer);
  }, [revision, settled, delayMs]);
  return settled;
}

/** The same for any value (the summary being typed). */
export function useSettledValue<T>(value: T, delayMs = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
