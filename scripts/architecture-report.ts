// `npx tsx scripts/architecture-report.ts [PREFIX]`: every violation of the layout's rules (architecture.ts) in the
// tracked sources under shared/, server/ and web/, or only those whose path starts with PREFIX.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { findViolations } from './architecture.ts';

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
const found = findViolations(files);
for (const v of found) console.log(`${v.file}:${v.line} ${v.rule}: ${v.message}`);
console.log(found.length === 0 ? 'no violations' : `${found.length} violations`);
