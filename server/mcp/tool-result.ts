// How a tool answers: text (CONTEXT), a shape (structuredContent with its JSON as text too, for clients that read
// text only), or a tool error of one sentence. A thrown refusal becomes the error; a bug is logged and said plainly.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MomentError } from '../../shared/gcc/moment/moment.ts';
import { Refusal } from '../write/index.ts';
import { ToolRefusal, type McpWorkspace } from './mcp-workspace.ts';

export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

export function shapedResult<T extends object>(value: T): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], structuredContent: value as Record<string, unknown> };
}

export function toolError(sentence: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: sentence }] };
}

/**
 * A refusal's sentence, with its end stop. Its first word is capitalised only when it is a plain word: a path
 * (`branches/main/log.md`), a name (`gcc-studio`, `gcc_log`) or a quoted value keeps its case.
 */
export function sentence(message: string): string {
  const text = message.trim();
  const firstWord = /^\S*/.exec(text)![0].replace(/[,:;]$/, '');
  const first = /^\p{Ll}\p{L}*$/u.test(firstWord) ? text.charAt(0).toUpperCase() + text.slice(1) : text;
  return /[.!?)]$/.test(first) ? first : `${first}.`;
}

/** Runs a tool's work; a refusal (ours, the write side's, a moment that names nothing) is the tool error it says. */
export async function answerTool(ws: McpWorkspace, work: () => CallToolResult | Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ToolRefusal || err instanceof Refusal || err instanceof MomentError) return toolError(sentence(err.message));
    ws.logError(err);
    return toolError('gcc-studio failed on this call (a bug: its terminal has the details); nothing was written.');
  }
}
