// The one-shot commands' read (inspect, doctor, export, context): .GCC/ read once into a workspace model, with no
// watcher, event bus or apply queue, and `context` reads only the branch it prints.
import { ImplementationReadings } from '../context/index.ts';
import { diskSource, type GccSource } from '../fs/index.ts';
import { SILENT } from './event-gate.ts';
import { processBatch } from './workspace-refresh.ts';
import { WorkspaceModel } from './workspace-model.ts';
import { contextCacheOver, modelView, type RecordsView } from './workspace-view.ts';

export interface ReadOnceOptions {
  gccDir: string;
  /** Shown as `root` in the workspace answer. */
  root: string;
  /** Read only this branch; the others are not read (a one-shot answer about one branch). */
  only?: string;
  source?: GccSource;
}

/** The workspace as it is now, read-only; its revision is 0. */
export async function readOnce(options: ReadOnceOptions): Promise<RecordsView> {
  const source = options.source ?? diskSource(options.gccDir);
  const model = new WorkspaceModel();
  const readings = new ImplementationReadings(source);
  const contexts = contextCacheOver(readings, model);
  // Not watched: nothing is kept to judge a later change by (the files are not hashed, no bytes are held).
  await processBatch({ gccDir: options.gccDir, source, model, contexts, gate: SILENT, watched: false, only: options.only }, new Set(['']));
  return modelView(model, { contexts, readings }, () => ({ root: options.root, readOnly: true, revision: 0 }));
}
