// A bare SSE client for the live bench, one per simulated page, able to stall, read slowly and resume.
import { request, type ClientRequest, type IncomingMessage } from 'node:http';

export interface SseReader {
  opened: Promise<void>;
  /** Bytes of the stream read so far. */
  readonly received: number;
  stall(): void;
  /**
   * From here on reads at most this many bytes a second (on average: a chunk, then a pause as long as it earns). What
   * it reads is parsed only on resume(), so its frames cost the bench process's other readers nothing meanwhile.
   */
  throttle(bytesPerSecond: number): void;
  /** Reads at full speed again (after stall or throttle), and parses what it read while throttled. */
  resume(): void;
  close(): void;
}

export function readEvents(origin: string, token: string, onData: (data: unknown) => void): SseReader {
  let res: IncomingMessage | null = null;
  let req: ClientRequest;
  let buffer = '';
  let bytesPerSecond = 0;
  let pauseTimer: ReturnType<typeof setTimeout> | undefined;
  let received = 0;
  const parse = () => {
    let start = 0;
    for (let end = buffer.indexOf('\n\n'); end !== -1; start = end + 2, end = buffer.indexOf('\n\n', start)) {
      const data = buffer
        .slice(start, end)
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(l.startsWith('data: ') ? 6 : 5))
        .join('\n');
      if (data) onData(JSON.parse(data));
    }
    buffer = buffer.slice(start);
  };
  const opened = new Promise<void>((resolve, reject) => {
    req = request(`${origin}/api/events`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (r) => {
      res = r;
      if (r.statusCode !== 200) return reject(new Error(`/api/events answered ${r.statusCode}`));
      r.setEncoding('utf8');
      r.on('data', (chunk: string) => {
        received += Buffer.byteLength(chunk);
        if (bytesPerSecond > 0) {
          r.pause();
          pauseTimer = setTimeout(() => r.resume(), (Buffer.byteLength(chunk) / bytesPerSecond) * 1000);
        }
        buffer += chunk;
        if (bytesPerSecond === 0) parse();
      });
      resolve();
    });
    req.on('error', reject);
    req.end();
  });
  return {
    opened,
    get received() {
      return received;
    },
    stall: () => res?.pause(),
    throttle: (rate) => (bytesPerSecond = rate),
    resume: () => {
      bytesPerSecond = 0;
      clearTimeout(pauseTimer);
      parse();
      res?.resume();
    },
    close: () => {
      clearTimeout(pauseTimer);
      res?.destroy();
      req.destroy();
    },
  };
}
