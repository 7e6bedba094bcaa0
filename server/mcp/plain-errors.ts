// The SDK answers arguments its zod schema refuses with a tool error of its own wording ("MCP error -32602: Input
// validation error: Invalid arguments for tool gcc_log: observation must be a string at observation", one line per
// problem). A transport wrapped here sends the agent one sentence instead, in the words the schemas give. A protocol
// error (a resource or prompt refused) goes without the "MCP error -32602: " its McpError put in the message: the
// client's McpError adds it again, and the agent read it twice.
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

const PROTOCOL_PREFIX = /^MCP error -?\d+: /;

const TOOL_OFF = /^MCP error -32602: Tool (\S+) (?:disabled|not found)$/;

/** Why a tool that is not offered was refused, or null when the SDK's words stand. */
export type NotOffered = (tool: string) => string | null;

function plain(message: JSONRPCMessage, notOffered: NotOffered): JSONRPCMessage {
  if ('error' in message && PROTOCOL_PREFIX.test(message.error.message)) {
    return { ...message, error: { ...message.error, message: message.error.message.replace(PROTOCOL_PREFIX, '') } };
  }
  if (!('result' in message)) return message;
  const result = message.result as Partial<CallToolResult>;
  const first = result.isError && Array.isArray(result.content) ? result.content[0] : undefined;
  const off = first?.type === 'text' ? TOOL_OFF.exec(first.text) : null;
  const sentence = first?.type === 'text' ? (off ? notOffered(off[1]!) : schemaErrorSentence(first.text)) : null;
  return sentence === null ? message : { ...message, result: { ...result, content: [{ type: 'text', text: sentence }] } };
}

/**
 * The transport, its tool errors from schema refusals rewritten as one sentence (and a call of a tool not offered, as
 * why), its protocol errors said once.
 */
export function withPlainErrors<T extends Transport>(transport: T, notOffered: NotOffered = () => null): T {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(plain(message, notOffered), options);
  return transport;
}
