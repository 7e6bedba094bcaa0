// The rules the layout stands on, checked on the source text (like Playwright's DEPS.list): which room may import
// which, and that a page feature or a server folder is entered only by its index.ts. Pure: files in, violations out.
import { builtinModules } from 'node:module';
import { posix } from 'node:path';
import ts from 'typescript';

/** A file past this stops the build; past LONG_FILE_LINES it is named in the report, a hint to look for two ideas. */
export const MAX_FILE_LINES = 400;
export const LONG_FILE_LINES = 300;
/** Outside tests, unless a comment right above the function says why it must be one piece: `// One piece: …`. */
export const MAX_FUNCTION_LINES = 80;
const ONE_PIECE = /\/\/\s*One piece:|\*\s*One piece:/;

export interface Violation {
  file: string;
  line: number;
  rule:
    | 'node-in-shared'
    | 'shared-imports-app'
    | 'web-imports-server'
    | 'server-imports-web'
    | 'feature-internals'
    | 'web-layering'
    | 'server-internals'
    | 'server-entry'
    | 'file-length'
    | 'function-length'
    | 'long-file';
  message: string;
}

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** Test files and test support may read fixtures with node:fs; they are not part of the room's product code. */
export function isTestFile(file: string): boolean {
  return /\.test\.tsx?$/.test(file) || /\.spec\.ts$/.test(file) || file.includes('/test-support/');
}

interface ImportRef {
  spec: string;
  line: number;
}

function importsOf(file: string, source: ts.SourceFile): ImportRef[] {
  const out: ImportRef[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push({ spec: node.moduleSpecifier.text, line: lineOf(node) });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      if (arg && ts.isStringLiteral(arg)) out.push({ spec: arg.text, line: lineOf(node) });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      out.push({ spec: node.argument.literal.text, line: lineOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  void file;
  return out;
}

/** Where a relative import lands, as a repo path; null for a package. */
function resolved(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  return posix.normalize(posix.join(posix.dirname(file), spec));
}

const featureOf = (path: string) => /^web\/features\/([^/]+)\//.exec(path)?.[1] ?? null;

/** A server folder (live, fs, http…) is entered by its index.ts; test-support is the tests' own and has none. */
const serverFolderOf = (path: string) => {
  const folder = /^server\/([^/]+)\//.exec(path)?.[1] ?? null;
  return folder === 'test-support' ? null : folder;
};

/** The page's layers, lowest first: a layer may import its own and lower ones only. */
const WEB_LAYERS: readonly [string, number][] = [
  ['web/ui/', 0],
  ['web/api/', 1],
  ['web/state/', 2],
  ['web/features/', 3],
  ['web/shell/', 4],
];
function webLayer(path: string): number | null {
  for (const [prefix, layer] of WEB_LAYERS) if (path.startsWith(prefix)) return layer;
  return path.startsWith('web/') ? 5 : null;
}

function importViolations(file: string, refs: ImportRef[]): Violation[] {
  const out: Violation[] = [];
  const add = (ref: ImportRef, rule: Violation['rule'], message: string) => out.push({ file, line: ref.line, rule, message });
  const test = isTestFile(file);
  for (const ref of refs) {
    const target = resolved(file, ref.spec);
    if (file.startsWith('shared/')) {
      if (!test && NODE_BUILTINS.has(ref.spec)) add(ref, 'node-in-shared', `shared/ is pure: no "${ref.spec}" (it runs in the browser too)`);
      if (target && (target.startsWith('server/') || target.startsWith('web/'))) add(ref, 'shared-imports-app', `shared/ may not import ${target}`);
    }
    if (file.startsWith('web/')) {
      if (!test && NODE_BUILTINS.has(ref.spec)) add(ref, 'web-imports-server', `the page may not import "${ref.spec}"`);
      if (target?.startsWith('server/')) add(ref, 'web-imports-server', `the page may not import ${target}`);
      if (target?.startsWith('web/')) {
        const from = featureOf(file);
        const to = featureOf(target);
        if (to && to !== from && target !== `web/features/${to}/index.ts`) {
          add(ref, 'feature-internals', `${target} is inside the ${to} feature: import web/features/${to}/index.ts`);
        }
        const a = webLayer(file);
        const b = webLayer(target);
        if (!test && a !== null && b !== null && b > a) add(ref, 'web-layering', `${file} (layer ${a}) may not import ${target} (layer ${b})`);
      }
    }
    if (file.startsWith('server/') && target?.startsWith('web/')) add(ref, 'server-imports-web', `the server may not import ${target}`);
    if (!test && file.startsWith('server/') && target?.startsWith('server/')) {
      const to = serverFolderOf(target);
      if (to && to !== serverFolderOf(file) && target !== `server/${to}/index.ts`) {
        add(ref, 'server-internals', `${target} is inside server/${to}/: import server/${to}/index.ts`);
      }
    }
  }
  return out;
}

function sizeViolations(file: string, text: string, source: ts.SourceFile): Violation[] {
  const out: Violation[] = [];
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_FILE_LINES) out.push({ file, line: 1, rule: 'file-length', message: `${lines} lines (limit ${MAX_FILE_LINES})` });
  else if (lines > LONG_FILE_LINES) out.push({ file, line: 1, rule: 'long-file', message: `${lines} lines: one idea, or two? (a hint past ${LONG_FILE_LINES}; the limit is ${MAX_FILE_LINES})` });
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const span = end - start + 1;
      if (span > MAX_FUNCTION_LINES) {
        const leading = text.slice(node.getFullStart(), node.getStart(source));
        const stmt = ts.isVariableDeclaration(node.parent) ? node.parent.parent.parent : null;
        const stmtLeading = stmt ? text.slice(stmt.getFullStart(), stmt.getStart(source)) : '';
        if (!ONE_PIECE.test(leading) && !ONE_PIECE.test(stmtLeading)) {
          out.push({ file, line: start + 1, rule: 'function-length', message: `a function of ${span} lines (limit ${MAX_FUNCTION_LINES}; or say why above it: // One piece: …)` });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Server folders without their one entry (run on the whole tree: a part of it may leave the index out). */
export function missingEntries(files: ReadonlyMap<string, string>): Violation[] {
  const folders = new Set([...files.keys()].filter((f) => !isTestFile(f)).map(serverFolderOf).filter((f): f is string => f !== null));
  return [...folders]
    .filter((folder) => !files.has(`server/${folder}/index.ts`))
    .map((folder) => ({ file: `server/${folder}/`, line: 0, rule: 'server-entry' as const, message: `server/${folder}/ has no index.ts: a folder is entered by its one door` }));
}

function allFindings(files: ReadonlyMap<string, string>): Violation[] {
  const out: Violation[] = [];
  for (const [file, text] of files) {
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
    out.push(...importViolations(file, importsOf(file, source)));
    out.push(...sizeViolations(file, text, source).filter((v) => v.rule !== 'function-length' || !isTestFile(file)));
  }
  return out;
}

/** Every violation in these files (repo-relative paths → text): what fails the build. */
export function findViolations(files: ReadonlyMap<string, string>): Violation[] {
  return allFindings(files).filter((v) => v.rule !== 'long-file');
}

/** What the report names without failing: files past LONG_FILE_LINES. */
export function findWarnings(files: ReadonlyMap<string, string>): Violation[] {
  return allFindings(files).filter((v) => v.rule === 'long-file');
}
