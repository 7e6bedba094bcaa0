// The naive live baseline, its own process: chokidar on log.md, and on every event the whole file read again and the new
// records sent as SSE, in our frames' shape. argv: LOG_PATH.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { watch } from 'chokidar';

const [logPath] = process.argv.slice(2);
const clients = new Set();
const observations = (text) =>
  text.split('\n---\n').map((block) => /\*\*Observation:\*\* (.*)/.exec(block)?.[1] ?? null).filter((o) => o !== null);
let known = observations(readFileSync(logPath, 'utf8')).length;

const onChange = () => {
  const all = observations(readFileSync(logPath, 'utf8'));
  if (all.length <= known) return;
  const steps = all.slice(known).map((observation) => ({ observation }));
  known = all.length;
  const frame = `data: ${JSON.stringify({ type: 'steps-appended', steps })}\n\n`;
  for (const res of clients) res.write(frame);
};
watch(logPath).on('change', onChange);

const server = createServer((req, res) => {
  if (!req.url?.startsWith('/api/events')) {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ steps: known }));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(': connected\n\n');
  clients.add(res);
  req.on('close', () => clients.delete(res));
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`naive dashboard at http://127.0.0.1:${server.address().port}/?token=none\n`);
});
process.on('SIGTERM', () => process.exit(0));
