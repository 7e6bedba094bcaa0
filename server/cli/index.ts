// The command line: its grammar and defaults, the one-shot commands, and the start of the server.
export { main } from './main.ts';
export { DEFAULT_HOST, DEFAULT_PORT } from './args.ts';
export { BUILT_PAGE_DIR, PACKAGE_ROOT, packageVersion } from './package-files.ts';
