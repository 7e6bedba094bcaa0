// The bench's probe inside the page (installed by bench/chromium.ts before the page's own scripts; plain JavaScript,
// so no build step renames anything in it). It only records, in window.__bench:
// - longTasks: every task over 50 ms (PerformanceObserver 'longtask'), from navigation start;
// - first[name]: when an element matching window.__benchWatch[name] first appeared (the mutation, then the animation
//   frame after it, in which it is drawn), on performance.now()'s clock;
// - burst['seq=<i> t=<ms>'] (once the bench sets followBurst): when a step card showing a burst writer's step (`seq=<i> t=<ms>`, server/demo/burst.ts) appeared, on
//   Date.now(), the system clock the writer stamped its write time with (comparable between processes);
// - lastInput: when the last input event happened (a search typed), on performance.now()'s clock.
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
  // A hand on the scrollbar: the scroller's thumb dragged from top to bottom, one position an animation frame, then
  // `screens` screens paged down from the middle, one a frame. Resolves with every frame gap over 50 ms.
  bench.scrollThrough = async (selector, frames, screens) => {
    const el = document.querySelector(selector);
    const slowFrames = [];
    let last = performance.now();
    const tick = async () => {
      await new Promise((r) => requestAnimationFrame(r));
      const now = performance.now();
      if (now - last > 50) slowFrames.push(now - last);
      last = now;
    };
    for (let i = 1; i <= frames; i++) {
      el.scrollTop = ((el.scrollHeight - el.clientHeight) * i) / frames;
      await tick();
    }
    el.scrollTop = (el.scrollHeight - el.clientHeight) / 2;
    await tick();
    for (let i = 0; i < screens; i++) {
      el.scrollTop += el.clientHeight;
      await tick();
    }
    return slowFrames;
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();
