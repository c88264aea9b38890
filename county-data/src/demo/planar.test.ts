import { describe, expect, it } from 'vitest';
import { longestRoadEdge, orientedBox, type Piece, type Pt } from './planar.ts';

describe('orientedBox', () => {
  it('finds the long side of a rotated rectangle, not its diagonal', () => {
    const angle = (25 * Math.PI) / 180;
    const rotate = ([x, y]: Pt): Pt => [x * Math.cos(angle) - y * Math.sin(angle), x * Math.sin(angle) + y * Math.cos(angle)];
    const box = orientedBox(([[0, 0], [100, 0], [100, 40], [0, 40]] as Pt[]).map(rotate));
    expect(box.long).toBeCloseTo(100, 6);
    expect(box.short).toBeCloseTo(40, 6);
    expect(Math.abs(Math.cos(box.axis - angle))).toBeCloseTo(1, 6);
  });
});

describe('longestRoadEdge', () => {
  const piece: Piece = {
    pts: [[0, 0], [100, 0], [100, 60], [0, 60]],
    edges: [3, -1, 7, -1],
  };

  it('returns the longest edge that lies on a road, with its road', () => {
    const edge = longestRoadEdge({ ...piece, edges: [3, -1, -1, 9] });
    expect(edge).toEqual({ road: 3, a: [0, 0], b: [100, 0], length: 100 });
  });

  it('ignores lot lines, however long', () => {
    expect(longestRoadEdge({ ...piece, edges: [-1, 5, -1, -1] })).toEqual({ road: 5, a: [100, 0], b: [100, 60], length: 60 });
    expect(longestRoadEdge({ ...piece, edges: [-1, -1, -1, -1] })).toBeUndefined();
  });
});
