// The line-by-line parser that Python, TypeScript, Go and Rust share, configured by each one's rules
// (python.ts, typescript.ts, go.ts, rust.ts): how it reads a step block and a commit block.

import { desanitize, type Reader } from './reader.ts';

/** How a line-by-line parser (Python, TypeScript, Go, Rust) reads; each function mirrors its code. */
export interface ParserRules {
  readText(text: string): string;
  escape(value: string): string;
  trim(text: string): string;
  lines(block: string): string[];
  stepHeaderPrefix: string;
  /** Returns undefined for a part the parser leaves unchanged (Go's Sscanf failing). */
  parseStepHeader(line: string): { step: number | undefined; timestamp: string | undefined };
  commitHeaderPrefix: string;
  parseCommitId(line: string): string;
  /** The value on a `**Label:**` line. */
  labelValue(line: string, label: string): string;
  /** A line that continues the current field, or null when the parser skips it. */
  continuation(line: string): string | null;
  keepStep(observation: string, thought: string, action: string): boolean;
}

const STEP_LABELS = [
  ['**Observation:**', 'observation'],
  ['**Thought:**', 'thought'],
  ['**Action:**', 'action'],
] as const;
const COMMIT_LABELS = [
  ['**Branch Purpose:**', 'branchPurpose'],
  ['**Previous Progress Summary:**', 'previousProgressSummary'],
  ["**This Commit's Contribution:**", 'thisCommitContribution'],
] as const;

/** The line-by-line parser of Python, TypeScript, Go and Rust, configured by its rules. */
export function lineReader(rules: ParserRules): Reader {
  return {
    keepsPlainStep: rules.keepStep,
    readText: rules.readText,
    escape: rules.escape,
    trim: rules.trim,
    readStep(block) {
      let step = 0;
      let timestamp = '';
      const fields: Partial<Record<'observation' | 'thought' | 'action', string[]>> = {};
      let current: string[] | null = null;
      for (const line of rules.lines(block)) {
        if (line.startsWith(rules.stepHeaderPrefix)) {
          const h = rules.parseStepHeader(line);
          if (h.step !== undefined) step = h.step;
          if (h.timestamp !== undefined) timestamp = h.timestamp;
          current = null;
          continue;
        }
        current = readFieldLine(rules, STEP_LABELS, fields, current, line);
      }
      const get = (key: 'observation' | 'thought' | 'action'): string => fieldValue(rules, fields[key]);
      const observation = get('observation');
      const thought = get('thought');
      const action = get('action');
      return rules.keepStep(observation, thought, action) ? { step, timestamp, observation, thought, action } : null;
    },
    readCommit(block) {
      let commitId = '';
      let timestamp = '';
      const fields: Partial<Record<(typeof COMMIT_LABELS)[number][1], string[]>> = {};
      let current: string[] | null = null;
      for (const line of rules.lines(block)) {
        if (line.startsWith(rules.commitHeaderPrefix)) {
          commitId = rules.parseCommitId(line);
          current = null;
        } else if (line.startsWith('**Timestamp:**')) {
          timestamp = rules.labelValue(line, '**Timestamp:**');
          current = null;
        } else {
          current = readFieldLine(rules, COMMIT_LABELS, fields, current, line);
        }
      }
      if (!commitId) return null;
      const get = (key: (typeof COMMIT_LABELS)[number][1]): string => fieldValue(rules, fields[key]);
      return {
        commitId,
        timestamp,
        branchPurpose: get('branchPurpose'),
        previousProgressSummary: get('previousProgressSummary'),
        thisCommitContribution: get('thisCommitContribution'),
      };
    },
  };
}

/** A line of a block's body: a `**Label:**` line starts that field, any other continues the current one. Returns the field now being read. */
function readFieldLine<K extends string>(
  rules: ParserRules,
  labels: readonly (readonly [string, K])[],
  fields: Partial<Record<K, string[]>>,
  current: string[] | null,
  line: string,
): string[] | null {
  const label = labels.find(([l]) => line.startsWith(l));
  if (label) {
    const started = [rules.labelValue(line, label[0])];
    fields[label[1]] = started;
    return started;
  }
  if (current) {
    const more = rules.continuation(line);
    if (more !== null) current.push(more);
  }
  return current;
}

/** A field's lines as the parser returns them: joined, trimmed, the `\---` escape undone. */
function fieldValue(rules: ParserRules, lines: string[] | undefined): string {
  return desanitize(rules.trim((lines ?? ['']).join('\n')));
}
