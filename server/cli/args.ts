// Command-line grammar of gcc-studio. Pure parsing: no I/O, so every rule is unit-tested.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CONTEXT_DIALECTS, type ContextDialect } from '../../shared/types.ts';
import { MomentError, parseMoment } from '../../shared/gcc/moment/moment.ts';
import { AGENT_DIALECTS, type AgentDialect } from '../../shared/gcc/write/agent-records.ts';
import { gitMomentPrefix } from '../../shared/git/git-moments.ts';
import { remoteUrlProblem } from '../../shared/git/ref-names.ts';
import { refPattern } from '../../shared/git/refs.ts';

export const DEFAULT_PORT = 4780;
export const DEFAULT_HOST = '127.0.0.1';
/** How many folders deep a fleet's scan looks below each root (--depth). */
export const DEFAULT_SCAN_DEPTH = 4;

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'inspect'; dir: string; json: boolean; depth?: number; at: string | null }
  | { kind: 'context'; dir: string; branch: string; k: number; dialect: ContextDialect | null; at: string | null; lossless: boolean }
  | { kind: 'doctor'; dir: string; json?: boolean; depth?: number }
  | { kind: 'mcp'; dir: string; dialect: AgentDialect | null; readOnly: boolean }
  | { kind: 'export'; dir: string; at: string | null; format: 'html' | 'markdown'; file: string; branch: string; k: number; dialect: ContextDialect | null }
  | { kind: 'push'; dir: string; remote: string | null; ref: string | null; watch: boolean; intervalSeconds: number }
  | {
      kind: 'serve';
      dir: string | null;
      /** Every DIR given (a fleet when several, or when the one holds no .GCC/ of its own); [dir] otherwise. */
      dirs: string[];
      /** --scan: look for every .GCC/ under the DIRs even when one holds its own. */
      scan: boolean;
      /** --depth N: how deep the scan looks (default DEFAULT_SCAN_DEPTH). */
      depth: number;
      demo: boolean;
      port: number;
      /** true when --port was given: then a taken port is an error (exit 2), not moved from. */
      portExplicit: boolean;
      host: string;
      token: string | null;
      /** --new-token: replace the token kept for this workspace. */
      newToken: boolean;
      readOnly: boolean;
      open: boolean;
      /** --git REPO: a fleet read from a git remote's refs (then no DIR). */
      git: { repo: string; refs: string | null; refreshSeconds: number } | null;
    };

/** A mistake in the command line: printed on one line, exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export { USAGE } from './usage.ts';

export function parseCommandLine(argv: string[], env: Record<string, string | undefined> = {}): Command {
  const [first, ...rest] = argv;
  if (first === 'help') return { kind: 'help' };
  const oneShot = first !== undefined && Object.hasOwn(ONE_SHOT, first) ? ONE_SHOT[first] : undefined;
  return oneShot ? oneShot(rest) : parseServe(argv, env);
}

/** The one-shot commands by name; any other first word is the server's (a DIR, a flag, or nothing). */
const ONE_SHOT: Record<string, (args: string[]) => Command> = { inspect: parseInspect, context: parseContext, doctor: parseDoctor, export: parseExport, mcp: parseMcp, push: parsePush };

/** How often `push --watch` pushes at most, by default (--interval). */
export const DEFAULT_PUSH_INTERVAL_SECONDS = 10;

function parsePush(args: string[]): Command {
  const { values, positionals } = parse(args, { remote: { type: 'string' }, ref: { type: 'string' }, watch: { type: 'boolean' }, interval: { type: 'string' } });
  if (values.help) return { kind: 'help' };
  if (positionals.length > 1) throw new UsageError(`push: expected at most one DIR, got ${positionals.length}`);
  if (values.interval !== undefined && !values.watch) throw new UsageError('push: --interval is for --watch');
  return {
    kind: 'push',
    dir: positionals[0] ?? '.',
    remote: (values.remote as string | undefined) ?? null,
    ref: (values.ref as string | undefined) ?? null,
    watch: values.watch === true,
    intervalSeconds: values.interval === undefined ? DEFAULT_PUSH_INTERVAL_SECONDS : parsePositiveInt(values.interval as string, '--interval'),
  };
}

type Options = NonNullable<ParseArgsConfig['options']>;

function parse<T extends Options>(args: string[], options: T) {
  try {
    return parseArgs({ args, options: { help: { type: 'boolean', short: 'h' } as const, ...options }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(usageMessage(err as NodeJS.ErrnoException));
  }
}

/** node:util's parseArgs errors, in our words, on one line (its own text suggests `-- "--bogus"`). */
export function usageMessage(err: NodeJS.ErrnoException): string {
  const text = err.message.split('\n')[0] ?? '';
  const option = /'(?:-\w, )?(--?[\w-]+)/.exec(text)?.[1] ?? 'an option';
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${option} (see gcc-studio --help)`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /does not take an argument/.test(text) ? `${option} takes no value` : `${option} needs a value`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument (see gcc-studio --help)`;
    default:
      return text || 'bad arguments (see gcc-studio --help)';
  }
}

function oneDir(positionals: string[], command: string): string {
  if (positionals.length === 0) throw new UsageError(`${command}: missing DIR`);
  if (positionals.length > 1) throw new UsageError(`${command}: expected one DIR, got ${positionals.length}`);
  return positionals[0]!;
}

function depthOption(raw: unknown): { depth?: number } {
  return raw === undefined ? {} : { depth: parsePositiveInt(raw as string, '--depth') };
}

function parseInspect(args: string[]): Command {
  const { values, positionals } = parse(args, { json: { type: 'boolean' }, depth: { type: 'string' }, at: { type: 'string' } });
  if (values.help) return { kind: 'help' };
  return { kind: 'inspect', dir: oneDir(positionals, 'inspect'), json: values.json === true, ...depthOption(values.depth), at: momentFlag(values.at as string | undefined) };
}

function parseDoctor(args: string[]): Command {
  const { values, positionals } = parse(args, { json: { type: 'boolean' }, depth: { type: 'string' } });
  if (values.help) return { kind: 'help' };
  return { kind: 'doctor', dir: oneDir(positionals, 'doctor'), ...(values.json ? { json: true } : {}), ...depthOption(values.depth) };
}

/** A word that reads as a path, not as a mistyped command: several DIRs must look like paths (or come with --scan). */
export function looksLikePath(arg: string): boolean {
  return /[\\/]/.test(arg) || arg === '.' || arg === '..' || arg.startsWith('~');
}

function parseContext(args: string[]): Command {
  const { values, positionals } = parse(args, { ...CONTEXT_FLAGS, at: { type: 'string' }, lossless: { type: 'boolean' } });
  if (values.help) return { kind: 'help' };
  const which = contextFlags(values);
  return {
    kind: 'context',
    dir: oneDir(positionals, 'context'),
    ...which,
    at: momentFlag(values.at as string | undefined),
    lossless: values.lossless === true,
  };
}

/** --branch, --k and --dialect: which CONTEXT (`context`, `export --markdown`). */
const CONTEXT_FLAGS = { branch: { type: 'string', short: 'b' }, k: { type: 'string', short: 'k' }, dialect: { type: 'string' } } as const;

function contextFlags(values: Record<string, unknown>): { branch: string; k: number; dialect: ContextDialect | null } {
  const k = values.k === undefined ? 1 : parsePositiveInt(values.k as string, '--k');
  const dialect = values.dialect as string | undefined;
  if (dialect !== undefined && !(CONTEXT_DIALECTS as readonly string[]).includes(dialect)) {
    throw new UsageError(`--dialect must be one of ${CONTEXT_DIALECTS.join(', ')} (got "${dialect}")`);
  }
  return { branch: (values.branch as string | undefined) ?? 'main', k, dialect: (dialect as ContextDialect | undefined) ?? null };
}

/** --at: its grammar is checked here (what it names is checked against the workspace once loaded). */
function momentFlag(text: string | undefined): string | null {
  if (text === undefined) return null;
  // A commit that changed .GCC/ (an exact moment): what it names is checked against the repository.
  if (gitMomentPrefix(text) !== null) return text.trim();
  try {
    return parseMoment(text).text;
  } catch (err) {
    if (err instanceof MomentError) throw new UsageError(`--at: ${err.message}`);
    throw err;
  }
}

function parseMcp(args: string[]): Command {
  const { values, positionals } = parse(args, { dialect: { type: 'string' }, 'read-only': { type: 'boolean' } });
  if (values.help) return { kind: 'help' };
  if (positionals.length > 1) throw new UsageError(`mcp: expected at most one DIR, got ${positionals.length}`);
  const dialect = values.dialect as string | undefined;
  if (dialect !== undefined && !(AGENT_DIALECTS as readonly string[]).includes(dialect)) {
    throw new UsageError(`--dialect must be one of ${AGENT_DIALECTS.join(', ')}: the implementations gcc-studio writes exactly (got "${dialect}")`);
  }
  return { kind: 'mcp', dir: positionals[0] ?? '.', dialect: (dialect as AgentDialect | undefined) ?? null, readOnly: values['read-only'] === true };
}

function parseExport(args: string[]): Command {
  const { values, positionals } = parse(args, { at: { type: 'string' }, html: { type: 'string' }, markdown: { type: 'string' }, ...CONTEXT_FLAGS });
  if (values.help) return { kind: 'help' };
  const html = values.html as string | undefined;
  const markdown = values.markdown as string | undefined;
  if ((html === undefined) === (markdown === undefined)) throw new UsageError('export: give one of --html FILE or --markdown FILE');
  const which = contextFlags(values);
  return {
    kind: 'export',
    dir: oneDir(positionals, 'export'),
    at: momentFlag(values.at as string | undefined),
    format: html !== undefined ? 'html' : 'markdown',
    file: (html ?? markdown)!,
    ...which,
  };
}

function parseServe(args: string[], env: Record<string, string | undefined>): Command {
  const { values, positionals } = parse(args, {
    port: { type: 'string', short: 'p' },
    host: { type: 'string' },
    token: { type: 'string' },
    'new-token': { type: 'boolean' },
    'read-only': { type: 'boolean' },
    open: { type: 'boolean' },
    'no-open': { type: 'boolean' },
    demo: { type: 'boolean' },
    scan: { type: 'boolean' },
    depth: { type: 'string' },
    version: { type: 'boolean', short: 'v' },
    git: { type: 'string' },
    refs: { type: 'string' },
    refresh: { type: 'string' },
  });
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  if (values.open && values['no-open']) throw new UsageError('--open and --no-open contradict each other');
  const scan = values.scan === true;
  if (positionals.length > 1 && !scan && !positionals.every(looksLikePath)) {
    throw new UsageError(`unknown command "${positionals[0]}" (see gcc-studio --help; several folders: ./a ./b, or --scan a b)`);
  }
  const demo = values.demo === true;
  if (demo && positionals.length >= 1) throw new UsageError('--demo serves its own workspace: give either DIR or --demo');
  if (demo && scan) throw new UsageError('--demo serves its own workspace: --scan needs a ROOT');
  const git = gitFlags(values, positionals, demo || scan);
  const port = values.port === undefined ? DEFAULT_PORT : parsePort(values.port as string);
  // An empty GCC_STUDIO_TOKEN (`GCC_STUDIO_TOKEN= gcc-studio`) means none, not a bad one.
  const token = (values.token as string | undefined) ?? (env.GCC_STUDIO_TOKEN || null);
  if (token !== null && !/^[\x21-\x7e]{8,256}$/.test(token)) {
    throw new UsageError('--token must be 8 to 256 printable characters without spaces');
  }
  if (token !== null && values['new-token']) throw new UsageError('--new-token makes a random token: not with --token or GCC_STUDIO_TOKEN');
  return {
    kind: 'serve',
    dir: demo ? null : (positionals[0] ?? '.'),
    dirs: demo ? [] : positionals.length ? positionals : ['.'],
    scan,
    depth: values.depth === undefined ? DEFAULT_SCAN_DEPTH : parsePositiveInt(values.depth as string, '--depth'),
    demo,
    port,
    portExplicit: values.port !== undefined,
    host: (values.host as string | undefined) ?? DEFAULT_HOST,
    token,
    newToken: values['new-token'] === true,
    readOnly: values['read-only'] === true || git !== null,
    open: values['no-open'] !== true,
    git,
  };
}

/** How often a --git fleet fetches, by default (--refresh). */
export const DEFAULT_GIT_REFRESH_SECONDS = 5;

function gitFlags(values: Record<string, unknown>, positionals: string[], otherSource: boolean): Extract<Command, { kind: 'serve' }>['git'] {
  const repo = values.git as string | undefined;
  if (repo === undefined) {
    if (values.refs !== undefined || values.refresh !== undefined) throw new UsageError('--refs and --refresh are for --git REPO');
    return null;
  }
  if (positionals.length || otherSource) throw new UsageError('--git REPO serves the memory pushed to REPO: give no DIR, --scan or --demo with it');
  const refresh = values.refresh === undefined ? DEFAULT_GIT_REFRESH_SECONDS : parsePositiveInt(values.refresh as string, '--refresh');
  const urlProblem = remoteUrlProblem(repo);
  if (urlProblem) throw new UsageError(`--git: ${urlProblem}`);
  const refs = (values.refs as string | undefined) ?? null;
  const pattern = refs === null ? null : refPattern(refs);
  if (pattern && 'problem' in pattern) throw new UsageError(pattern.problem);
  return { repo, refs, refreshSeconds: refresh };
}

function parsePositiveInt(text: string, flag: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`${flag} must be a whole number ≥ 1 (got "${text}")`);
  return Number(text);
}

function parsePort(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) > 65535) throw new UsageError(`--port must be 0 to 65535 (got "${text}")`);
  return Number(text);
}
