import { createMapTeardown } from './mapTeardown.ts';

function recorder() {
  const steps: string[] = [];
  const step = (name: string) => () => void steps.push(name);
  return { steps, step };
}

describe('createMapTeardown', () => {
  it('takes the additions off newest first, then removes the map', () => {
    const { steps, step } = recorder();
    const teardown = createMapTeardown(step('map'));
    teardown.track(step('search'));
    teardown.track(step('measure'));
    teardown.run();
    expect(steps).toEqual(['measure', 'search', 'map']);
  });

  it('runs each step once, whoever asks again and in whatever order', () => {
    const { steps, step } = recorder();
    const teardown = createMapTeardown(step('map'));
    const removeSearch = teardown.track(step('search'));
    const removeMeasure = teardown.track(step('measure'));
    removeMeasure();
    removeMeasure();
    teardown.run();
    teardown.run();
    // What React cleans up after the map is gone (a component unmounting later) finds nothing left.
    removeSearch();
    expect(steps).toEqual(['measure', 'search', 'map']);
  });

  it('removes the map even when taking an addition off throws', () => {
    const { steps, step } = recorder();
    const teardown = createMapTeardown(step('map'));
    teardown.track(() => {
      throw new Error('control failed');
    });
    expect(() => teardown.run()).toThrow('control failed');
    expect(steps).toEqual(['map']);
  });
});
