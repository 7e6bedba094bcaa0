// The instant a page's ages are counted from ("2 d ago"): the moment shown while travelling (TimeTravelScope provides
// it), or an exported file's moment (else when it was exported); now otherwise. A branch's age at a past moment read
// from now was days off.
import { createContext, useContext } from 'react';
import { exportedAtMs, pageSnapshot } from '../../api/snapshot.ts';
import { parseTimestamp } from '../../ui/time.ts';

export const MomentClockContext = createContext<number | null>(null);

const exportedMoment = pageSnapshot?.moment ? parseTimestamp(pageSnapshot.moment.time) : (exportedAtMs ?? Number.NaN);

/** Epoch ms to count ages from; null: now. */
export function useAgeReference(): number | null {
  const travelling = useContext(MomentClockContext);
  if (travelling !== null) return travelling;
  return Number.isNaN(exportedMoment) ? null : exportedMoment;
}
