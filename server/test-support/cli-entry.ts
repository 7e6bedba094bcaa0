// The command run from its sources (no build needed), for tests that must look at the real process from outside.
import { main } from '../cli/main.ts';

process.exitCode = await main(process.argv.slice(2));
