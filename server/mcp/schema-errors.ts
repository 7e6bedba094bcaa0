// The SDK answers arguments its zod schema refuses with a tool error of its own wording ("MCP error -32602: Input
// validation error: Invalid arguments for tool gcc_log: observation must be a string at observation", one line per
// problem). A transport wrapped here sends the agent one sentence instead, in the words the schemas give.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const SCHEMA_ERROR = /^MCP error -32602: Input validation error: Invalid arguments for tool ([\w-]+): ([\s\S]*)$/;

/** The SDK's schema refusal as one sentence; null for any other text. */
export function schemaErrorSentence(text: string): string | null {
  const m = SCHEMA_ERROR.exec(text);
  if (!m) return null;
  const problems = m[2]!
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    // "observation must be a string at observation": the place is already named.
    .map((line) => line.replace(/ at ([\w.[\]]+)$/, (all, path: string) => (line.startsWith(`${path.split(/[.[]/)[0]} `) ? '' : all)));
  return `${m[1]} was called with bad arguments: ${problems.join('; ')}.`;
}

function plain(message: JSONRPCMessage): JSONRPCMessage {
  if (!('result' in message)) return message;
  const result = message.result as Partial<CallToolResult>;
  const first = result.isError && Array.isArray(result.content) ? result.content[0] : undefined;
  const sentence = first?.type === 'text' ? schemaErrorSentence(first.text) : null;
  return sentence === null ? message : { ...message, result: { ...result, content: [{ type: 'text', text: sentence }] } };
}

/** The transport, its tool errors from schema refusals rewritten as one sentence. */
export function withPlainSchemaErrors<T extends Transport>(transport: T): T {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(plain(message), options);
  return transport;
}
