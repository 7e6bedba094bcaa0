// The file system as the rest of the server meets it: a workspace's bytes through a GccSource (gcc-source.ts),
// finding .GCC/, the checked reads before a write, and the fault seam tests use.
export type { ByteSource, FileStamp, FolderEntry, GccSource, Listing, Opened, PathStat, ReadingAhead, ReadResult } from './gcc-source.ts';
export { ANY_PATH, diskSource, MAX_SMALL_FILE_BYTES, LINK, NOT_A_FILE, tooLarge } from './disk-source.ts';
export { describeFsError } from './fs-errors.ts';
export { GccDirError, isDir, listBranchFolders, locateGccDir, type BranchFolderEntry } from './gcc-dir.ts';
export { MAX_TRACKED_FILE_BYTES, openTail, prefetched, sameStamp, type TailOpen, type TailRequest } from './tail-reader.ts';
export { FileBytes } from './file-range.ts';
export { POOLED_FROM, withPieceBuffer } from './piece-buffers.ts';
export { moduleWorker } from './module-worker.ts';
export { folderIdentities, folderStamp, replacedFolders, type FolderIdentities } from './folder-identity.ts';
export { opensWhereMeant, pathProblem, readInside } from './safe-open.ts';
export { endWithFault, faultAt, type FaultOp } from './file-faults.ts';
