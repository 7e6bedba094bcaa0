// One version of a followed file's records, asked for later (the store's records(), which the change record keeps for
// as long as the server runs): a small object a file, not closures.
import type { ResumePoint } from '../../shared/gcc/read/chunk.ts';
import type { FileBytes } from '../fs/index.ts';
import type { RecordKeeper } from './record-keepers.ts';
import { recordsOf } from './tracked-reading.ts';

/** One version's records (TrackedFile.recordsNow). */
export interface VersionRecords<L> {
  get(): L;
}

export class ListRecords<L> implements VersionRecords<L> {
  constructor(private readonly list: L) {}

  get(): L {
    return this.list;
  }
}

/** A version read from held bytes: the file's records while it is that version, else parsed again from its bytes. */
export class HeldVersionRecords<S extends ResumePoint, L extends { readonly length: number }> implements VersionRecords<L> {
  private old: L | null = null;

  constructor(
    private readonly file: { readFrom(bytes: FileBytes): boolean; readonly records: L },
    private readonly bytes: FileBytes,
    private readonly keeper: RecordKeeper<S, L>,
    private readonly consumed: number,
  ) {}

  get(): L {
    return this.file.readFrom(this.bytes) ? this.file.records : (this.old ??= recordsOf(this.keeper, this.bytes, this.consumed));
  }
}
