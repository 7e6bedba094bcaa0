// `npx tsx scripts/architecture-report.ts [PREFIX]`: the layout's violations (architecture.ts) and its warnings (long
// files) in the tracked sources under shared/, server/ and web/, or only under PREFIX.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { findViolations, findWarnings, missingEntries } from './architecture.ts';

const prefix = process.argv[2] ?? '';
const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'shared', 'server', 'web'], { encoding: 'utf8' });
const files = new Map<string, string>();
for (const file of listed.split('\n')) {
  if (/\.tsx?$/.test(file) && file.startsWith(prefix)) {
    try {
      files.set(file, readFileSync(file, 'utf8'));
    } catch {
      // Deleted in the working tree.
    }
  }
}
const found = [...findViolations(files), ...(prefix === '' ? missingEntries(files) : [])];
const warnings = findWarnings(files);
for (const v of found) console.log(`${v.file}:${v.line} ${v.rule}: ${v.message}`);
for (const v of warnings) console.log(`${v.file}:${v.line} warning, ${v.rule}: ${v.message}`);
console.log(`${found.length === 0 ? 'no violations' : `${found.length} violations`}${warnings.length ? `, ${warnings.length} warnings` : ''}`);
