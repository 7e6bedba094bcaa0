// The parts of `npm run attack`, in the order they run. Each file under attack/ that exports an AttackPart is listed
// here (one line each, so parts added side by side merge cleanly).
import type { AttackPart } from './types.ts';
import { traversalPart } from './traversal.ts';
import { symlinkPart } from './symlinks.ts';
import { crashEditPart } from './crash-edit.ts';
import { crashMergePart } from './crash-merge.ts';
import { diskFaultPart } from './disk-faults.ts';
import { misreadPart } from './misread-values.ts';
import { pageGuardPart } from './page-guards.ts';
import { restartTokenPart } from './restart-token.ts';
import { streamChurnPart } from './stream-churn.ts';
import { longTextPart } from './long-text.ts';
import { contextFuzzPart, formatFuzzPart } from './fuzz.ts';
import { hugeFilePart } from './huge-files.ts';
import { fleetTraversalPart } from './fleet-traversal.ts';
import { mcpBadInputPart, mcpGuardPart } from './mcp.ts';

export const parts: AttackPart[] = [
  traversalPart,
  symlinkPart,
  crashEditPart,
  crashMergePart,
  diskFaultPart,
  misreadPart,
  pageGuardPart,
  restartTokenPart,
  streamChurnPart,
  longTextPart,
  formatFuzzPart,
  contextFuzzPart,
  hugeFilePart,
  fleetTraversalPart,
  mcpGuardPart,
  mcpBadInputPart,
];
