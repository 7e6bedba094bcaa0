// A view loaded on first use: its code is a chunk of its own (dynamic import), fetched when the view is first drawn,
// with a visible loading line meanwhile. The first screen then carries only what it draws.
import { lazy, Suspense, type ComponentType } from 'react';

export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>, what: string): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function LazyView(props: P) {
    return (
      <Suspense
        fallback={
          <div className="loading-view muted" role="status">
            Loading {what}…
          </div>
        }
      >
        <Lazy {...props} />
      </Suspense>
    );
  }
  LazyView.displayName = `lazyView(${what})`;
  return LazyView;
}
