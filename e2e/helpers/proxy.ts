// An HTTP proxy in front of the server whose connections the test can cut, to kill the page's event stream the
// way a network drop does (the page cannot tell it from a real one), or whose event streams it can stall: the proxy
// stops reading them from the server, which then sees a client whose socket does not drain (a frozen tab).
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface CuttableProxy {
  origin: string;
  /** Destroy every open connection and refuse new ones until restore(). */
  cut(): void;
  restore(): void;
  /** Stop passing on the open event streams (their bytes wait in the server's socket, then in its queue). */
  stallStreams(): void;
  /** Pass them on again, what waited first. */
  resumeStreams(): void;
  close(): Promise<void>;
}

export async function startProxy(targetPort: number): Promise<CuttableProxy> {
  const sockets = new Set<Socket>();
  const streams = new Set<{ up: IncomingMessage; res: ServerResponse }>();
  let down = false;
  const target = `127.0.0.1:${targetPort}`;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (down) {
      req.socket.destroy();
      return;
    }
    // The server's Host guard answers only to its own name and port.
    const upstream = request({ host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: { ...req.headers, host: target } }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
      if (!req.url?.startsWith('/api/events')) return;
      const stream = { up, res };
      streams.add(stream);
      res.on('close', () => streams.delete(stream));
    });
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (s: Socket) => {
    if (down) {
      s.destroy();
      return;
    }
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    restore() {
      down = false;
    },
    stallStreams() {
      for (const { up, res } of streams) {
        up.unpipe(res);
        up.pause();
      }
    },
    resumeStreams() {
      for (const { up, res } of streams) up.pipe(res);
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
