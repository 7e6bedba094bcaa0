// Time travel on the page: the timeline under the header, and the scope that makes every view read the memory at the
// moment the URL names. The feature's only door.
export { Timeline } from './Timeline.tsx';
export { TimeTravelScope } from './TimeTravelScope.tsx';
export { useAgeReference } from './momentClock.ts';
