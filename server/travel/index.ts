// Time travel: the workspace as it was at a moment, answered through the same view the routes read now.
export { createTimeTravel, timeTravelFor, type TimeTravel } from './time-travel.ts';
export type { MomentView } from './moment-view.ts';
export { withExactMoments, exactMomentView, lazyExactMoments, type ExactMoments, type ExactTimeTravel } from './exact-moments.ts';
