// True once `ready` has held and the page has then been idle once: for costly requests that can wait until the first
// screen is drawn.
import { useEffect, useState } from 'react';

/** Most a deferred request waits for the page to go idle. */
// The server answers one request at a time, so a costly secondary one (the timeline reads every record of every branch:
// over a second on 500 branches) asked beside the first screen's own requests holds them up; asked once the page is
// idle, it goes after them.
const MAX_WAIT_MS = 1_000;

export function useIdleAfter(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle || !ready) return;
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIdle(true), 200);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(() => setIdle(true), { timeout: MAX_WAIT_MS });
    return () => cancelIdleCallback(id);
  }, [idle, ready]);
  return idle;
}
