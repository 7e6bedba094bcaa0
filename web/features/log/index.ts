// The OTA step log of one branch: virtualized, paged, following the tail.
// The feature's only door: other features, the shell and App import from here, never from its files.
export { StepLog } from './StepLog.tsx';
