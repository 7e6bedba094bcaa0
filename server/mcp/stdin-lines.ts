// Hands the stdio transport one whole line at a time. The SDK's read buffer concatenates every chunk onto what it
// holds (a 50 MB message in 64 KiB chunks: ~20 GB copied, 30 s with the event loop stuck) and closes the session on a
// line past its limit; here a line is joined once, and a line past the limit is dropped (and said on stderr) instead.
import { Transform } from 'node:stream';

export function stdinLines(maxLineBytes: number, warn: (line: string) => void): Transform {
  let parts: Buffer[] = [];
  let size = 0;
  let skipping = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let start = 0;
      for (;;) {
        const end = chunk.indexOf(10, start);
        if (end === -1) break;
        if (!skipping) {
          parts.push(chunk.subarray(start, end + 1));
          this.push(parts.length === 1 ? parts[0] : Buffer.concat(parts));
        }
        parts = [];
        size = 0;
        skipping = false;
        start = end + 1;
      }
      if (start < chunk.length && !skipping) {
        parts.push(chunk.subarray(start));
        size += chunk.length - start;
        if (size > maxLineBytes) {
          warn(`gcc-studio mcp: a message over ${maxLineBytes} bytes was dropped unread`);
          parts = [];
          size = 0;
          skipping = true;
        }
      }
      callback();
    },
  });
}
