// `export ROOT --html` on a fleet root: one page holding each workspace's memory and the fleet's rows; --markdown and
// --at name one workspace, so on a fleet they are refused in one line (exit 2).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CORPUS } from '../../fixtures/corpus.ts';
import { EXIT_OK, EXIT_USAGE, main } from './main.ts';
import type { FleetResponse } from '../../shared/fleet/fleet-api.ts';
import { exportHtml } from './export.ts';
import { fleetSnapshot } from './fleet-export.ts';

const made: string[] = [];
afterEach(() => made.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function fleetRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'gcc-fleet-export-'));
  made.push(root);
  cpSync(join(CORPUS, 'python', '.GCC'), join(root, 'agents/alpha/.GCC'), { recursive: true });
  cpSync(join(CORPUS, 'go', '.GCC'), join(root, 'gamma/.GCC'), { recursive: true });
  return root;
}

async function run(...argv: string[]) {
  const err: string[] = [];
  const code = await main(argv, { out: () => {}, err: (l) => err.push(l) }, {});
  return { code, err };
}

describe('export of a fleet root', () => {
  it("holds the fleet's rows and each workspace's snapshot", async () => {
    const root = fleetRoot();
    const data = (await fleetSnapshot({ dir: root, at: null, format: 'html' }, '2026-12-04T10:00:00Z'))!;
    const fleet: FleetResponse = data.fleet;
    expect(fleet.mode).toBe('fleet');
    expect(fleet.rows.map((r) => [r.id, r.state, r.dialects])).toEqual([
      ['agents/alpha', 'live', ['python']],
      ['gamma', 'live', ['go']],
    ]);
    expect(Object.keys(data.workspaces)).toEqual(['agents/alpha', 'gamma']);
    expect(data.workspaces['gamma']!.workspace.branches.map((b) => b.name).sort()).toEqual(['auth-jwt', 'auth-session', 'main']);
    expect(data.workspaces['gamma']!.workspace.readOnly).toBe(true);

    const page = join(root, 'page');
    mkdirSync(page);
    writeFileSync(join(page, 'index.html'), '<html><head><title>t</title><script type="module" src="/a.js"></script></head></html>');
    writeFileSync(join(page, 'a.js'), '');
    expect(exportHtml(data, page)).toMatch(/<title>gcc-studio · fleet [^<]+<\/title>/);
  });

  it('names the workspaces when --markdown or --at asks for one', async () => {
    const root = fleetRoot();
    const md = await run('export', root, '--markdown', join(root, 'x.md'));
    expect(md.code).toBe(EXIT_USAGE);
    expect(md.err).toEqual([`gcc-studio: ${root} holds 2 workspaces (agents/alpha, gamma): --markdown exports one, name its folder`]);
    const at = await run('export', root, '--at', 'main@step:1', '--html', join(root, 'x.html'));
    expect(at.code).toBe(EXIT_USAGE);
    expect(at.err[0]).toContain('--at exports one workspace');
  });

  it('writes the page with the built export page', async () => {
    const root = fleetRoot();
    const file = join(root, 'fleet.html');
    const r = await run('export', root, '--html', file);
    expect(r).toEqual({ code: EXIT_OK, err: [`gcc-studio: wrote ${file}`] });
    const html = readFileSync(file, 'utf8');
    expect(html).toContain('"fleet":{"mode":"fleet"');
    expect(html).toContain('"agents/alpha":{"exportedAt"');
  });
});
