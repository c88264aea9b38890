import { tileWorkerCount } from './tileWorkers.ts';

describe('tileWorkerCount', () => {
  it('leaves one core to the main thread and the GPU process', () => {
    expect(tileWorkerCount(2)).toBe(1);
    expect(tileWorkerCount(3)).toBe(2);
  });

  it('keeps at least one worker and never more than mapbox-gl\'s default of two', () => {
    expect(tileWorkerCount(1)).toBe(1);
    expect(tileWorkerCount(16)).toBe(2);
  });

  it("keeps mapbox-gl's default when the browser does not say", () => {
    expect(tileWorkerCount(undefined)).toBe(2);
    expect(tileWorkerCount(0)).toBe(2);
  });
});
