// Start-up as a user meets it: the packed install against the command run from its sources through tsx, interleaved:
// `--version`, and `--demo` to its first answer.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { installPacked } from '../scripts/packed-install.ts';
import { median, type BenchRow } from './stats.ts';

const TOKEN = 'bench-startup-token';

interface Launcher {
  label: string;
  argv: (args: string[]) => string[];
}

function tsxLauncher(): Launcher {
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const entry = fileURLToPath(new URL('./from-source.ts', import.meta.url));
  return { label: 'tsx (sources)', argv: (args) => ['--import', loader, entry, ...args] };
}

function versionMs(launcher: Launcher): number {
  const t0 = performance.now();
  const run = spawnSync(process.execPath, launcher.argv(['--version']), { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${launcher.label} --version failed: ${run.stderr}`);
  return performance.now() - t0;
}

/** Process start → the first /api/workspace answer of the demo workspace. */
function firstAnswerMs(launcher: Launcher): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, launcher.argv(['--demo', '--no-open', '--port', '0']), {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, GCC_STUDIO_TOKEN: TOKEN },
    });
    let out = '';
    let err = '';
    const finish = (result: number | Error) => {
      child.kill('SIGTERM');
      child.once('exit', () => (result instanceof Error ? reject(result) : resolve(result)));
    };
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const origin = /(http:\/\/[^\s/]+)\/\?token=/.exec(out)?.[1];
      if (!origin) return;
      child.stdout.removeAllListeners('data');
      fetch(`${origin}/api/workspace`, { headers: { authorization: `Bearer ${TOKEN}` } })
        .then(async (res) => {
          await res.json();
          finish(res.status === 200 ? performance.now() - t0 : new Error(`${launcher.label}: /api/workspace answered ${res.status}`));
        })
        .catch((e: unknown) => finish(e instanceof Error ? e : new Error(String(e))));
    });
    child.once('exit', (code) => {
      if (!out.includes('http://')) reject(new Error(`${launcher.label} exited with ${code} before its URL: ${err}`));
    });
  });
}

const fmt = (values: number[]) => `min ${Math.min(...values).toFixed(0)} ms, median ${median(values).toFixed(0)} ms`;

/** The packed install is `npm pack`, `npm install --omit=dev`, plain node on dist/; the sources run through tsx as the command started before it was built. Interleaved (packed, tsx, packed…), so a busy machine moves both alike. */
export async function runStartupBench(runs = 5): Promise<BenchRow[]> {
  const install = installPacked();
  try {
    const packed: Launcher = { label: 'packed install', argv: (args) => [install.bin, ...args] };
    const tsx = tsxLauncher();
    const times = { packedVersion: [] as number[], tsxVersion: [] as number[], packedFirst: [] as number[], tsxFirst: [] as number[] };
    for (let i = 0; i < runs; i++) {
      times.packedVersion.push(versionMs(packed));
      times.tsxVersion.push(versionMs(tsx));
      times.packedFirst.push(await firstAnswerMs(packed));
      times.tsxFirst.push(await firstAnswerMs(tsx));
    }
    const first = median(times.packedFirst);
    const speedup = median(times.tsxFirst) / first;
    return [
      { name: '--version, packed install', value: fmt(times.packedVersion) },
      { name: '--version, tsx from the sources (before)', value: fmt(times.tsxVersion) },
      { name: '--demo start → first /api/workspace, packed', value: fmt(times.packedFirst), target: '≤ 300 ms', ok: first <= 300 },
      { name: '--demo start → first /api/workspace, tsx (before)', value: fmt(times.tsxFirst) },
      { name: 'start-up speed-up, packed vs tsx (medians)', value: `${speedup.toFixed(1)}×`, target: '≥ 2×', ok: speedup >= 2 },
    ];
  } finally {
    install.remove();
  }
}
