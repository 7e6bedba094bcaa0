// The bench's probe inside the page (installed by bench/chromium.ts before the page's own scripts; plain JavaScript, so
// no build renames anything in it): it only records, in window.__bench:

// - longTasks: every task over 50 ms (PerformanceObserver 'longtask'), from navigation start;
// - first[name]: when an element matching window.__benchWatch[name] first appeared (the mutation, then the animation
//   frame after it, in which it is drawn), on performance.now()'s clock;
// - burst['seq=<i> t=<ms>'] (once the bench sets followBurst): when a step card showing a burst writer's step
//   (server/test-support/burst.ts) appeared, on Date.now(), the system clock the writer stamped (comparable between
//   processes);
// - lastInput: when the last input event happened (a search typed), on performance.now()'s clock;
// - startFrames()/stopFrames(): the frames the page drew late in between.
(() => {
  const bench = { longTasks: [], first: {}, burst: {}, lastInput: null, followBurst: false, watch: window.__benchWatch || {} };
  window.__bench = bench;
  // The default buffer keeps 250 entries: a page that asks 500 things would lose the rest.
  performance.setResourceTimingBufferSize(100000);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('input', () => (bench.lastInput = performance.now()), true);
  const BURST = /seq=(\d+) t=([\d.]+)/;
  const check = () => {
    if (!bench.followBurst && Object.keys(bench.watch).every((name) => bench.first[name] !== undefined)) return;
    const now = performance.now();
    const wall = Date.now();
    for (const name of Object.keys(bench.watch)) {
      if (bench.first[name] !== undefined || !document.querySelector(bench.watch[name])) continue;
      const seen = { seen: now };
      bench.first[name] = seen;
      requestAnimationFrame(() => (seen.frame = performance.now()));
    }
    if (!bench.followBurst) return;
    for (const card of document.querySelectorAll('[data-testid="step-card"]')) {
      const m = BURST.exec(card.textContent || '');
      if (!m || bench.burst[m[0]] !== undefined) continue;
      const seen = { written: Number(m[2]), seen: wall };
      bench.burst[m[0]] = seen;
      requestAnimationFrame(() => (seen.frame = Date.now()));
    }
  };
  // Frames: from startFrames() to stopFrames(), every gap between two animation frames over 50 ms (a frame the page
  // could not draw in time).
  let frames = null;
  bench.startFrames = () => {
    const run = { slow: [], last: performance.now(), on: true };
    frames = run;
    const loop = (now) => {
      if (now - run.last > 50) run.slow.push(now - run.last);
      run.last = now;
      if (run.on) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  };
  bench.stopFrames = () => {
    if (!frames) return [];
    frames.on = false;
    return frames.slow;
  };
  // Attributes: only the canvas width the graph's watch reads (every transform of a scrolled list would be a record).
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['width'] });
})();
