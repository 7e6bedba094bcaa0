// Which other implementations wrote records into a branch besides its writer: a merge by another implementation
// leaves its commit (and copied steps) in its own timestamp shape. Only a shape the branch's writer never produces,
// and that a single implementation typically produces, counts: Python's whole-second `+00:00` (a zero microsecond)
// is Python's too, not Lua's.
import { WRITERS_BY_SHAPE, type TimestampShapeName } from '../read/timestamp.ts';
import type { Dialect } from '../../types.ts';

/** The branch's writer first, then each other one in the order its shapes first appear; [] when there is none other. */
export function branchWriters(dialect: Dialect, shapes: Iterable<TimestampShapeName | null>): Dialect[] {
  if (dialect === 'unknown') return [];
  const others: Dialect[] = [];
  for (const shape of shapes) {
    if (shape === null) continue;
    const writers = WRITERS_BY_SHAPE[shape];
    if (writers.some((w) => w.dialect === dialect)) continue;
    const typical = writers.filter((w) => w.chance === 'typical');
    if (typical.length === 1 && !others.includes(typical[0]!.dialect)) others.push(typical[0]!.dialect);
  }
  return others.length ? [dialect, ...others] : [];
}
