// The floor under every start-up figure, run as its own process by the bench: node reading every file under .GCC/
// whole and finding each record boundary (`\n---\n`) on the bytes, nothing else. argv: GCC_DIR. Prints one JSON line.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const t0 = performance.now();
let bytes = 0;
let records = 0;
const sep = Buffer.from('\n---\n');
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (entry.isFile()) {
      const buf = readFileSync(path);
      bytes += buf.length;
      for (let i = buf.indexOf(sep); i !== -1; i = buf.indexOf(sep, i + 1)) records++;
    }
  }
};
walk(process.argv[2]);
process.stdout.write(`${JSON.stringify({ workMs: performance.now() - t0, bytes, records })}\n`);
