// The heights of a long list's items in a Fenwick tree, so finding, placing and re-measuring an item costs O(log n)
// even on a 205,000-step log. Pure.

// Not @tanstack/virtual's own measurements: it recomputes every position after the one re-measured, O(n) a
// measurement, a long task a frame on a log this long.
export class HeightIndex {
  /** tree[k] (1-based) holds the sum of sizes (k - lowbit(k), k]. */
  private tree = new Float64Array(1);
  private sizes = new Float64Array(0);
  private n = 0;

  constructor(private readonly estimate: number) {}

  get count(): number {
    return this.n;
  }

  /** The sum of every item's size. */
  get total(): number {
    return this.offset(this.n);
  }

  /** Items added at the end start at the estimate; items cut from the end are forgotten. */
  setCount(count: number): void {
    if (count === this.n) return;
    if (count < this.n || count > this.sizes.length) return this.rebuild(count);
    for (let i = this.n; i < count; i++) {
      this.sizes[i] = this.estimate;
      this.add(i, this.estimate);
    }
    this.n = count;
  }

  size(i: number): number {
    return this.sizes[i] ?? 0;
  }

  /** Sets item i's size; returns by how much it changed. */
  set(i: number, size: number): number {
    if (i < 0 || i >= this.n) return 0;
    const delta = size - this.sizes[i]!;
    if (delta === 0) return 0;
    this.sizes[i] = size;
    this.add(i, delta);
    return delta;
  }

  /** Where item i starts: the sum of the sizes before it. */
  offset(i: number): number {
    let sum = 0;
    for (let k = Math.min(i, this.n); k > 0; k -= k & -k) sum += this.tree[k]!;
    return sum;
  }

  /** The item that covers offset y (the first for y < 0, the last past the end); -1 when there is none. */
  indexAt(y: number): number {
    if (this.n === 0) return -1;
    let pos = 0;
    let rest = y;
    const cap = this.sizes.length;
    for (let step = highestBit(cap); step > 0; step >>= 1) {
      const next = pos + step;
      if (next <= cap && this.tree[next]! <= rest) {
        pos = next;
        rest -= this.tree[next]!;
      }
    }
    return Math.min(pos, this.n - 1);
  }

  private add(i: number, delta: number): void {
    for (let k = i + 1; k < this.tree.length; k += k & -k) this.tree[k]! += delta;
  }

  /** A new capacity (a power of two, so appends are cheap until it is full) and the tree built afresh in O(n). */
  private rebuild(count: number): void {
    const cap = Math.max(16, 2 ** Math.ceil(Math.log2(count + 1)));
    const sizes = new Float64Array(cap);
    sizes.set(this.sizes.subarray(0, Math.min(this.n, count)));
    sizes.fill(this.estimate, Math.min(this.n, count), count);
    const tree = new Float64Array(cap + 1);
    for (let k = 1; k <= cap; k++) {
      tree[k]! += sizes[k - 1]!;
      const parent = k + (k & -k);
      if (parent <= cap) tree[parent]! += tree[k]!;
    }
    this.sizes = sizes;
    this.tree = tree;
    this.n = count;
  }
}

function highestBit(n: number): number {
  return n <= 0 ? 0 : 2 ** Math.floor(Math.log2(n));
}
