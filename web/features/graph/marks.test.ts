// The graph's marks as text: edge paths, the classes that show status and selection, titles, labels, the first pan.
import { describe, expect, it } from 'vitest';
import type { GraphEdge, GraphNode } from './layout.ts';
import { edgeClass, edgePath, labelText, labelX, laneX, newestPan, nodeAriaLabel, nodeClass, nodeRadius, nodeTitle, rowY } from './marks.ts';

function edge(kind: GraphEdge['kind'], from: [number, number], to: [number, number], extra: Partial<GraphEdge> = {}): GraphEdge {
  return { id: `x|${kind}`, kind, branch: 'x', status: 'active', from: { lane: from[0], row: from[1] }, to: { lane: to[0], row: to[1] }, open: false, ...extra };
}

function node(kind: GraphNode['kind'], extra: Partial<GraphNode> = {}): GraphNode {
  return { id: 'x@0', kind, branch: 'x', lane: 1, row: 2, status: 'merged', commitIndex: 0, commitId: 'c1', timestamp: null, label: 'did a thing', purpose: 'why', ...extra };
}

describe('edgePath', () => {
  it('draws lanes and same-lane edges straight down, forks and merges as a curve between the lanes', () => {
    expect(edgePath(edge('lane', [0, 0], [0, 3]))).toBe(`M${laneX(0)},${rowY(0)}V${rowY(3)}`);
    expect(edgePath(edge('merge', [1, 1], [1, 2]))).toBe(`M${laneX(1)},${rowY(1)}V${rowY(2)}`);
    const ym = (rowY(1) + rowY(2)) / 2;
    expect(edgePath(edge('fork', [0, 1], [2, 2]))).toBe(`M${laneX(0)},${rowY(1)}C${laneX(0)},${ym} ${laneX(2)},${ym} ${laneX(2)},${rowY(2)}`);
  });
});

describe('classes', () => {
  it('name the kind and status, an open lane, and what is selected', () => {
    expect(edgeClass(edge('lane', [0, 0], [0, 1], { open: true }), { branch: 'x', node: null })).toBe('edge edge-lane status-active is-open is-selected');
    expect(edgeClass(edge('fork', [0, 0], [1, 1]), { branch: 'y', node: null })).toBe('edge edge-fork status-active');
    expect(nodeClass('node', node('commit'), { branch: 'x', node: 'x@0' })).toBe('node node-commit status-merged is-branch-selected is-selected');
    expect(nodeClass('label', node('start'), { branch: null, node: null })).toBe('label label-start status-merged');
  });
});

describe('dots and labels', () => {
  it('size, name and title each kind', () => {
    expect([nodeRadius(node('commit')), nodeRadius(node('merge')), nodeRadius(node('start'))]).toEqual([4.5, 3.5, 4]);
    expect(nodeAriaLabel(node('commit'))).toBe('commit c1 on x');
    expect(nodeAriaLabel(node('start'))).toBe('branch x');
    expect(nodeAriaLabel(node('merge', { label: 'merged x into main' }))).toBe('merged x into main');
    expect(nodeTitle(node('commit'))).toBe('c1\ndid a thing\n\nx: why');
    expect(nodeTitle(node('start', { purpose: '' }))).toBe('x\n(no purpose)');
    expect(labelText(node('commit'))).toBe('c1  did a thing');
    expect(labelText(node('start', { label: 'x' }))).toBe('x');
  });

  it('puts labels one column right of the last lane', () => {
    expect(labelX(3)).toBe(laneX(3));
  });
});

describe('newestPan', () => {
  it('pans up to the newest rows only when the drawing is taller than a panel that has a height', () => {
    expect(newestPan(3, 1000)).toBeNull();
    expect(newestPan(100, 0)).toBeNull();
    const pan = newestPan(100, 300)!;
    expect(pan).toBeLessThan(0);
    expect(300 - pan).toBeGreaterThan(rowY(99));
  });
});
