// Time travel on the page: the timeline under the header, the scope that makes every view read the memory at the
// moment the URL names, and travelTo for a control elsewhere (the header's Back to Live). The feature's only door.
export { ExportedBanner } from './ExportedBanner.tsx';
export { Timeline } from './Timeline.tsx';
export { TimeTravelScope } from './TimeTravelScope.tsx';
export { useAgeReference } from './momentClock.ts';
export { travelTo } from './travel.ts';
