// Travelling in time: the URL names the moment every view shows; any control of the timeline moves it through here.
import { updateUrlState } from '../../state/useUrlState.ts';

/** Goes up with every travel, so that an answer asked for before the latest one (a step, then "Now") is dropped. */
let travels = 0;

export function travelTo(moment: string | null): void {
  travels++;
  updateUrlState({ at: moment });
}

/** How many travels so far: an answer asked for at one count and come at another is stale. */
export const travelCount = (): number => travels;
