import { describe, expect, it } from 'vitest';
import { TEST_EXTENT } from './demoCounty.ts';
import { elevationAt } from './demoElevation.ts';
import { demoElevationGrid } from './demoElevationGrid.ts';
import { toLngLat } from './localFrame.ts';

describe('demoElevationGrid', () => {
  const grid = demoElevationGrid(TEST_EXTENT);

  it('covers the county with a margin, row 0 along the north edge', () => {
    const [west, south] = toLngLat(TEST_EXTENT.x0, TEST_EXTENT.y0);
    const [east, north] = toLngLat(TEST_EXTENT.x1, TEST_EXTENT.y1);
    expect(grid.bounds.west).toBeLessThan(west);
    expect(grid.bounds.south).toBeLessThan(south);
    expect(grid.bounds.east).toBeGreaterThan(east);
    expect(grid.bounds.north).toBeGreaterThan(north);
    expect(grid.metres).toHaveLength(grid.cols * grid.rows);
    const cell = (grid.bounds.north - grid.bounds.south) / grid.rows;
    const northWest = elevationAt(grid.bounds.west + cell / 2, grid.bounds.north - cell / 2);
    expect(grid.metres[0]).toBeCloseTo(northWest, 3);
  });

  it('holds the surface at every cell centre', () => {
    const cell = (grid.bounds.east - grid.bounds.west) / grid.cols;
    for (const [col, row] of [[10, 20], [grid.cols - 1, grid.rows - 1], [Math.floor(grid.cols / 2), 3]] as const) {
      const expected = elevationAt(grid.bounds.west + (col + 0.5) * cell, grid.bounds.north - (row + 0.5) * cell);
      expect(grid.metres[row * grid.cols + col]).toBeCloseTo(expected, 3);
    }
  });
});
