import { testConfig } from '@parcel-map/shared/testing';
import { STYLE_LOAD_TIMEOUT_MS, STYLE_LOADING_CLEAR_DELAY_MS } from './mapDefaults.ts';
import { createStyleLoadTracker, findStyle, type StyleLoadEvents } from './styleLoad.ts';

function recordingEvents() {
  const calls: string[] = [];
  const events: StyleLoadEvents = {
    styleLoadStarted: (id) => calls.push(`started ${id}`),
    styleLoadFinished: (id) => calls.push(`finished ${id}`),
    styleLoadFailed: (id) => calls.push(`failed ${id}`),
  };
  return { calls, events };
}

describe('the style loading flag (SPEC §4, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is cleared 300 ms after the style-loaded event, with the matched id', () => {
    const { calls, events } = recordingEvents();
    const tracker = createStyleLoadTracker(events);
    tracker.started('streets');
    vi.advanceTimersByTime(1_000);
    tracker.loaded('streets');
    vi.advanceTimersByTime(STYLE_LOADING_CLEAR_DELAY_MS - 1);
    expect(calls).toEqual(['started streets']);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['started streets', 'finished streets']);
    // The 10 s time-out of the load that finished never fires afterwards.
    vi.advanceTimersByTime(STYLE_LOAD_TIMEOUT_MS);
    expect(calls).toHaveLength(2);
  });

  it('is cleared after 10 s when the style-loaded event never arrives', () => {
    const { calls, events } = recordingEvents();
    createStyleLoadTracker(events).started('satellite');
    vi.advanceTimersByTime(STYLE_LOAD_TIMEOUT_MS - 1);
    expect(calls).toEqual(['started satellite']);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['started satellite', 'finished null']);
  });

  it('restarts the 10 s time-out when another style is asked for mid-load', () => {
    const { calls, events } = recordingEvents();
    const tracker = createStyleLoadTracker(events);
    tracker.started('streets');
    vi.advanceTimersByTime(STYLE_LOAD_TIMEOUT_MS - 100);
    tracker.started('outdoors');
    vi.advanceTimersByTime(STYLE_LOAD_TIMEOUT_MS - 1);
    expect(calls).toEqual(['started streets', 'started outdoors']);
    vi.advanceTimersByTime(1);
    expect(calls.at(-1)).toBe('finished null');
  });

  it('reports a failed fetch of the pending style at once, and ignores map errors after it loaded', () => {
    const { calls, events } = recordingEvents();
    const tracker = createStyleLoadTracker(events);
    tracker.started('streets');
    tracker.errored();
    expect(calls).toEqual(['started streets', 'failed streets']);
    vi.advanceTimersByTime(STYLE_LOAD_TIMEOUT_MS);
    expect(calls).toHaveLength(2);

    tracker.started('streets');
    tracker.loaded('streets');
    tracker.errored();
    vi.advanceTimersByTime(STYLE_LOADING_CLEAR_DELAY_MS);
    expect(calls.slice(2)).toEqual(['started streets', 'finished streets']);
  });

  it('fires nothing once disposed', () => {
    const { calls, events } = recordingEvents();
    const tracker = createStyleLoadTracker(events);
    tracker.started('streets');
    tracker.dispose();
    vi.advanceTimersByTime(STYLE_LOAD_TIMEOUT_MS);
    expect(calls).toEqual(['started streets']);
  });
});

describe('findStyle', () => {
  afterEach(() => vi.restoreAllMocks());

  it('returns the configured style with that id, silently', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const [first] = testConfig.map.styles;
    expect(findStyle(testConfig.map.styles, first!.id)).toBe(first);
    expect(warn).not.toHaveBeenCalled();
  });

  it('ignores an unknown id with a console warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(findStyle(testConfig.map.styles, 'no-such-style')).toBeUndefined();
    expect(warn).toHaveBeenCalledWith("Unknown map style id 'no-such-style' ignored.");
  });
});
