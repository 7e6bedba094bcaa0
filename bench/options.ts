// The bench's command line: `npm run bench` runs the full pass; `-- --quick` a ~90-second pass (fewer rounds, a short
// live run, no soak, no page build or packed install); `--only=a,b` some sections; `--soak-seconds=N` the soak.
export const SECTIONS = ['oneshot', 'parse', 'spawn', 'live', 'graph', 'page', 'startup', 'fleet', 'travel', 'page-scale', 'wide', 'wide-fleet', 'mcp', 'git'] as const;
export type Section = (typeof SECTIONS)[number];

export interface BenchOptions {
  quick: boolean;
  sections: Set<Section>;
  /** Interleaved rounds of each one-shot and start-up contender. */
  rounds: number;
  liveRounds: number;
  /** Cycles of the live phases (no companion, a stalled client, a slow one) within each of our rounds. */
  liveCycles: number;
  liveSeconds: number;
  liveRate: number;
  soakSeconds: number;
  soakRate: number;
  /** How long a settled server nobody looks at is watched for its CPU time (the issue asks 60 s). */
  idleSeconds: number;
}

export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  const quick = argv.includes('--quick');
  const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const only = value('only');
  const sections = new Set<Section>(quick ? ['oneshot', 'parse', 'spawn', 'live', 'graph', 'wide'] : SECTIONS);
  if (only !== undefined) {
    sections.clear();
    for (const s of only.split(',')) {
      if (!(SECTIONS as readonly string[]).includes(s)) throw new Error(`--only: unknown section "${s}" (sections: ${SECTIONS.join(', ')})`);
      sections.add(s as Section);
    }
  }
  const soak = value('soak-seconds');
  for (const a of argv) {
    if (a !== '--quick' && !/^--(only|soak-seconds)=/.test(a)) throw new Error(`unknown argument "${a}" (use --quick, --only=${SECTIONS.join(',')}, --soak-seconds=N)`);
  }
  return {
    quick,
    sections,
    rounds: quick ? 2 : 5,
    liveRounds: quick ? 1 : 2,
    liveCycles: quick ? 2 : 3,
    liveSeconds: quick ? 3 : 10,
    liveRate: 500,
    soakSeconds: soak !== undefined ? Number(soak) : quick ? 0 : 600,
    soakRate: 100,
    idleSeconds: quick ? 20 : 60,
  };
}
