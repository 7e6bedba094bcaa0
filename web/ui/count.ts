// Whole numbers with thousands separators (`12,345`), as toLocaleString('en-US') writes them, without Intl: the first
// toLocaleString of a page loads the ICU number data, a task of 40 ms or more in the first render. And a count with
// its noun, one or many.

export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const sign = n < 0 ? '-' : '';
  const [whole, fraction] = String(Math.abs(n)).split('.');
  return `${sign}${whole!.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction ? `.${fraction.slice(0, 3)}` : ''}`;
}

/** `1 commit`, `2 commits`, `1 branch`, `12,345 steps`: a count with its noun in the right number. */
export function countOf(n: number, noun: string, many = /(s|sh|ch|x)$/.test(noun) ? `${noun}es` : `${noun}s`): string {
  return `${formatCount(n)} ${n === 1 ? noun : many}`;
}
