import { formatView, parsePin, parseView } from './deepLinkParams.ts';

describe('deep link parameters', () => {
  it('writes and reads the view', () => {
    const text = formatView({ lng: -80.861234567, lat: 35.62, zoom: 15.256 });
    expect(text).toBe('-80.86123,35.62000,15.26');
    expect(parseView(text)).toEqual({ lng: -80.86123, lat: 35.62, zoom: 15.26 });
  });

  it('rejects malformed views and clamps the zoom to 3..19', () => {
    expect(parseView(null)).toBeNull();
    expect(parseView('1,2')).toBeNull();
    expect(parseView('a,2,3')).toBeNull();
    expect(parseView('1,,3')).toBeNull();
    expect(parseView('200,2,3')).toBeNull();
    expect(parseView('1,2,25')).toEqual({ lng: 1, lat: 2, zoom: 19 });
  });

  it('accepts only well-formed PINs', () => {
    expect(parsePin('4601234567')).toBe('4601234567');
    expect(parsePin('a/b')).toBeNull();
    expect(parsePin('')).toBeNull();
  });
});
