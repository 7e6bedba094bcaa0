// git as a source of workspaces: the real `git` command spawned with a fixed environment, a commit's .GCC/ read as a
// GccSource (one cat-file process per repository for its trees and blobs).
export { git, gitText, runGit, gitInstalled, gitEnvironment, GitError, NO_GIT, type GitRun } from './git-command.ts';
export { ObjectReader } from './object-reader.ts';
export { listGccTree, isObjectId, GCC_PATH, type GccTree } from './gcc-tree.ts';
export { GitTreeSource, MAX_TREE_BYTES, sourceAtCommit } from './git-source.ts';
export { pushMemory, type PushResult } from './push.ts';
export { runPush } from './push-command.ts';
export { gitCacheFolder, cachedRepoFolder } from './cache-folder.ts';
export { gitFleetScan, backoff, type GitFleetOptions } from './git-fleet.ts';
export { GitWorkspace } from './git-workspace.ts';
export { GitMirror } from './mirror.ts';
export { gitHistory, localGitHistory } from './git-history.ts';
