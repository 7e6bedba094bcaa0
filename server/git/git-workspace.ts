// One ref's .GCC/ as a live workspace: the store reads the tip's tree through a GitTreeSource, and when the ref moves
// the source shows the new tree and the store looks at every file again, so an append comes out as the same
// `steps-appended` event a folder on disk gives (a file that grew is read on from where it stopped), anything else as
// a re-read.
import { createEventBus, createStore, type EventBus, type LiveWorkspace, type Store } from '../live/index.ts';
import { createTimeTravel, withExactMoments, type ExactTimeTravel } from '../travel/index.ts';
import { gitHistory } from './git-history.ts';
import type { RefTip } from '../../shared/git/refs.ts';
import { listGccTree } from './gcc-tree.ts';
import { GitTreeSource } from './git-source.ts';
import type { ObjectReader } from './object-reader.ts';

export interface GitWorkspaceOptions {
  /** The repository (the mirror) the ref is in. */
  gitDir: string;
  objects: ObjectReader;
  tip: RefTip;
  /** Where paths are joined (never a folder on disk): `git:<ref>/.GCC`. */
  root: string;
  /** Shown as the workspace's root on its page. */
  shownRoot: string;
  onError?: (error: unknown) => void;
}

export class GitWorkspace implements LiveWorkspace {
  readonly bus: EventBus = createEventBus();
  readonly store: Store;
  readonly watching = Promise.resolve();
  /** `?at=`: every commit of the ref that changed .GCC/ is an exact moment, beside the reconstructed ones. */
  readonly travel: ExactTimeTravel;
  private readonly source: GitTreeSource;
  private moving: Promise<void> = Promise.resolve();
  tip: RefTip;

  private constructor(private readonly options: GitWorkspaceOptions) {
    this.tip = options.tip;
    this.source = new GitTreeSource(options.root, options.objects);
    this.store = createStore({ gccDir: this.source.root, source: this.source, root: options.shownRoot, readOnly: true, fromGit: true, bus: this.bus, onError: options.onError });
    // No hand-edit history: nothing beside the tree is read (and no folder on disk is named).
    const reconstructed = createTimeTravel({ store: this.store, historyPath: null, readOnly: true });
    const history = gitHistory({ gitDir: options.gitDir, objects: options.objects, tip: () => this.tip.commit, shownRoot: options.shownRoot });
    this.travel = withExactMoments(reconstructed, history, () => this.bus.revision);
  }

  static async open(options: GitWorkspaceOptions): Promise<GitWorkspace> {
    const ws = new GitWorkspace(options);
    await ws.source.show(await listGccTree(options.objects, options.tip.commit));
    await ws.store.load();
    return ws;
  }

  /** Shows the ref's new tip; one move at a time, in order. */
  moveTo(tip: RefTip): Promise<void> {
    const next = this.moving.then(async () => {
      if (tip.commit === this.tip.commit) return;
      const tree = await listGccTree(this.options.objects, tip.commit);
      this.tip = tip;
      if (tree.treeId !== null && tree.treeId === this.source.current?.treeId) return;
      await this.source.show(tree);
      // '' is all of .GCC/: each file is looked at and read on only where its blob changed.
      await this.store.apply(['']);
    });
    this.moving = next.catch(() => {});
    return next;
  }

  async close(): Promise<void> {
    await this.moving;
    await this.store.idle();
  }
}
