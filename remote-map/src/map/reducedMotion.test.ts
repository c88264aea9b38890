import { motionOptions } from './reducedMotion.ts';

const preferring = (reduce: boolean) => vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query }));

afterEach(() => vi.unstubAllGlobals());

describe('the map for a user who prefers reduced motion', () => {
  it('fades no labels in', () => {
    preferring(true);
    expect(motionOptions()).toEqual({ fadeDuration: 0 });
  });

  it("keeps mapbox-gl's fades for everyone else, and where the browser cannot tell", () => {
    preferring(false);
    expect(motionOptions()).toEqual({});
    vi.stubGlobal('matchMedia', undefined);
    expect(motionOptions()).toEqual({});
  });
});
