import { runStartupBench } from './startup.ts';
import { printRows } from './stats.ts';
printRows('Start-up', await runStartupBench(Number(process.env.RUNS ?? 5)));
