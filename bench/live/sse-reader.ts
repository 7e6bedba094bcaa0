// A bare SSE client for the live bench (node:http, no reconnects): one per simulated page, able to stall (stop
// reading its socket, as a frozen tab does) and resume. Hands each frame's JSON data to the callback.
import { request, type ClientRequest, type IncomingMessage } from 'node:http';

export interface SseReader {
  opened: Promise<void>;
  stall(): void;
  resume(): void;
  close(): void;
}

export function readEvents(origin: string, token: string, onData: (data: unknown) => void): SseReader {
  let res: IncomingMessage | null = null;
  let req: ClientRequest;
  let buffer = '';
  const opened = new Promise<void>((resolve, reject) => {
    req = request(`${origin}/api/events`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (r) => {
      res = r;
      if (r.statusCode !== 200) return reject(new Error(`/api/events answered ${r.statusCode}`));
      r.setEncoding('utf8');
      r.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(l.startsWith('data: ') ? 6 : 5))
            .join('\n');
          if (data) onData(JSON.parse(data));
        }
      });
      resolve();
    });
    req.on('error', reject);
    req.end();
  });
  return {
    opened,
    stall: () => res?.pause(),
    resume: () => res?.resume(),
    close: () => {
      res?.destroy();
      req.destroy();
    },
  };
}
