// The shape of one part of `npm run attack`: a set of attacks tried against the real running server, of faults
// injected while it runs, or of fuzz inputs fed to the format core. Each part says how many it tried and which
// failed (with why); the report adds them up. A part never decides it passed: it returns its counts.
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
