// The shape of one part of `npm run attack`: it tries its cases and returns how many held; the report adds them up.
export type AttackKind = 'attack' | 'fault' | 'fuzz';

export interface AttackOutcome {
  /** How many attempts (requests, injected faults, fuzz inputs) were made. */
  tried: number;
  /** One line per attempt that was not refused / not survived with nothing lost / that failed. */
  failures: string[];
}

export interface AttackPart {
  kind: AttackKind;
  /** One line for the report, e.g. "symlinked branch folders (read, edit, merge)". */
  name: string;
  run(options: { quick: boolean }): Promise<AttackOutcome>;
}
