// Objects read through one long-lived `git cat-file --batch-command` per repository: a blob's bytes, an object's type
// and size, a tree's entries. A fleet of 1,000 refs costs one process, not a spawn per ref (~6 ms each here).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { gitEnvironment, GitError } from './git-command.ts';

export interface ObjectInfo {
  oid: string;
  type: string;
  size: number;
}

interface Pending {
  kind: 'info' | 'contents';
  resolve: (answer: { info: ObjectInfo; bytes: Uint8Array | null } | null) => void;
  reject: (err: Error) => void;
}

/** An object name we pass on: an id, or an id with `:path` / `^{tree}` made by us (never a line break or a space). */
const NAME = /^[0-9a-f]{40,64}(\^\{tree\}|:[^\s]+)?$/;

/** Reads objects by name; null for one the repository does not hold. Closed with `close()`. */
export class ObjectReader {
  private child: ChildProcessWithoutNullStreams | null = null;
  private readonly queue: Pending[] = [];
  private buffer: Buffer = Buffer.alloc(0);
  /** The current answer's header is read and `want` bytes (plus a newline) of its contents are awaited. */
  private want: { info: ObjectInfo } | null = null;
  private closed = false;
  /** Every object whose contents were asked for (tests: a refused huge blob must never be). */
  readonly contentsAsked = new Set<string>();

  constructor(private readonly gitDir: string) {}

  /** Type and size, without the contents. */
  async info(name: string): Promise<ObjectInfo | null> {
    return (await this.ask('info', name))?.info ?? null;
  }

  async contents(name: string): Promise<{ info: ObjectInfo; bytes: Uint8Array } | null> {
    this.contentsAsked.add(name);
    const got = await this.ask('contents', name);
    return got && got.bytes ? { info: got.info, bytes: got.bytes } : null;
  }

  /** Ends the process; a later ask is refused (a read after close must not start another, which would keep Node up). */
  close(): void {
    this.closed = true;
    this.child?.stdin.end();
    this.child = null;
  }

  private ask(kind: Pending['kind'], name: string): Promise<{ info: ObjectInfo; bytes: Uint8Array | null } | null> {
    if (!NAME.test(name)) return Promise.reject(new GitError(`not an object name: ${JSON.stringify(name)}`));
    if (this.closed) return Promise.reject(new GitError('the repository is closed'));
    const child = this.start();
    return new Promise((resolve, reject) => {
      this.queue.push({ kind, resolve, reject });
      child.stdin.write(`${kind} ${name}\n`);
    });
  }

  private start(): ChildProcessWithoutNullStreams {
    if (this.child) return this.child;
    const child = spawn('git', ['cat-file', '--batch-command'], { env: gitEnvironment({ gitDir: this.gitDir }), stdio: ['pipe', 'pipe', 'pipe'], shell: false });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
    child.stdout.on('data', (b: Buffer) => this.take(b));
    child.stdin.on('error', () => {});
    const fail = (why: string) => {
      if (this.child === child) this.child = null;
      this.buffer = Buffer.alloc(0);
      this.want = null;
      for (const p of this.queue.splice(0)) p.reject(new GitError(why));
    };
    child.on('error', (e) => fail(`git cat-file: ${e.message}`));
    child.on('close', (code) => fail(`git cat-file ended (exit ${code ?? '?'}): ${stderr.trim().split('\n').at(-1) ?? ''}`));
    this.child = child;
    return child;
  }

  private take(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      if (this.want === null) {
        const nl = this.buffer.indexOf(10);
        if (nl < 0) return;
        const header = this.buffer.subarray(0, nl).toString('latin1').split(' ');
        this.buffer = this.buffer.subarray(nl + 1);
        const head = this.queue[0];
        if (header.length !== 3 || header[1] === 'missing' || !head) {
          this.queue.shift()?.resolve(null);
          continue;
        }
        const info = { oid: header[0]!, type: header[1]!, size: Number(header[2]) };
        if (head.kind === 'info') {
          this.queue.shift()!.resolve({ info, bytes: null });
          continue;
        }
        this.want = { info };
      }
      const { info } = this.want;
      if (this.buffer.length < info.size + 1) return;
      const bytes = new Uint8Array(this.buffer.subarray(0, info.size));
      this.buffer = this.buffer.subarray(info.size + 1);
      this.want = null;
      this.queue.shift()?.resolve({ info, bytes });
    }
  }
}
