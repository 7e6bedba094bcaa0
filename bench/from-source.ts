// The command as it started before it was built: the TypeScript sources through tsx's loader (the old bin did
// `register()` and imported server/cli). The start-up bench runs it as the baseline beside the packed install.
import { main } from '../server/cli/main.ts';

process.exitCode = await main(process.argv.slice(2));
