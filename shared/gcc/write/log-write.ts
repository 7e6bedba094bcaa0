// log.md written exactly as the writers write it: a step record, a merge heading, the file's header.

import type { Dialect, OtaStep } from '../../types.ts';
import { escapeStyleOf, serializeValue } from '../read/escape.ts';

/** Exactly the bytes a writer of `dialect` appends for a step (see ../read/escape.ts for the escaping). */
export function serializeStep(step: Pick<OtaStep, 'step' | 'timestamp' | 'observation' | 'thought' | 'action'>, dialect?: Dialect): string {
  const style = escapeStyleOf(dialect);
  return (
    `### Step ${step.step} — ${step.timestamp}\n` +
    `**Observation:** ${serializeValue(step.observation, style)}\n\n` +
    `**Thought:** ${serializeValue(step.thought, style)}\n\n` +
    `**Action:** ${serializeValue(step.action, style)}\n\n` +
    `---\n`
  );
}

/** The heading a merge appends before the copied steps. Zig also copies the source log's header. */
export function serializeMergeHeader(branch: string, timestamp: string, dialect?: Dialect): string {
  const head = `\n## Merged from \`${branch}\` (${timestamp})\n\n`;
  return dialect === 'zig' ? head + serializeLogHeader(branch) : head;
}

/** The first bytes of a new log.md. */
export function serializeLogHeader(branch: string): string {
  return `# OTA Log — branch \`${branch}\`\n\n`;
}
