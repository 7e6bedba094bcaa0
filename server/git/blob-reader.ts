// Blobs read through one long-lived `git cat-file --batch` per repository: a tree of 1,000 files costs one process,
// not 1,000 (a spawn of git is ~2 ms; a blob through the pipe, microseconds).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { gitEnvironment, GitError } from './git-command.ts';

interface Pending {
  oid: string;
  resolve: (bytes: Uint8Array | null) => void;
  reject: (err: Error) => void;
}

/** Reads blobs by object id; `null` for an object the repository does not hold. Closed with `close()`. */
export class BlobReader {
  private child: ChildProcessWithoutNullStreams | null = null;
  private readonly queue: Pending[] = [];
  private buffer: Buffer = Buffer.alloc(0);
  /** The current answer's header is read and `want` bytes (plus its newline) are awaited. */
  private want: number | null = null;
  /** How many blobs were read (tests: a refused huge blob must never be asked for). */
  reads = 0;

  constructor(private readonly gitDir: string) {}

  read(oid: string): Promise<Uint8Array | null> {
    if (!/^[0-9a-f]{40,64}$/.test(oid)) return Promise.reject(new GitError(`not an object id: ${oid}`));
    const child = this.start();
    this.reads++;
    return new Promise((resolve, reject) => {
      this.queue.push({ oid, resolve, reject });
      child.stdin.write(`${oid}\n`);
    });
  }

  close(): void {
    this.child?.stdin.end();
    this.child = null;
  }

  private start(): ChildProcessWithoutNullStreams {
    if (this.child) return this.child;
    const child = spawn('git', ['cat-file', '--batch'], { env: gitEnvironment({ gitDir: this.gitDir }), stdio: ['pipe', 'pipe', 'pipe'], shell: false });
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
        const header = this.buffer.subarray(0, nl).toString('latin1');
        this.buffer = this.buffer.subarray(nl + 1);
        const parts = header.split(' ');
        if (parts[1] === 'missing' || parts.length < 3) {
          this.queue.shift()?.resolve(null);
          continue;
        }
        this.want = Number(parts[2]);
      }
      if (this.buffer.length < this.want + 1) return;
      const bytes = new Uint8Array(this.buffer.subarray(0, this.want));
      this.buffer = this.buffer.subarray(this.want + 1);
      this.want = null;
      this.queue.shift()?.resolve(bytes);
    }
  }
}
