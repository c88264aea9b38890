// A saved card's change lines for the kinds the sheet's tests leave out: a new value, a parcel gone
// with no change log to say when, and several versions, newest first.
import { describe, expect, it } from 'vitest';
import { savedRecord } from '../../test/fakeSavedParcelsApi.ts';
import { changeLines, hasNewChanges } from './savedParcelChanges.ts';

describe('changeLines', () => {
  it('writes a new value in USD with the day it was published, newest version first', () => {
    const saved = savedRecord({
      changes: [
        { kind: 'sold', at: '2026-03-02T10:00:00.000Z', before: { 'Sale date': null, 'Sale price': null }, after: { 'Sale date': '02/27/2026', 'Sale price': null }, seen: true },
        { kind: 'value', at: '2026-10-30T10:00:00.000Z', before: { 'Appraised total value': 500000 }, after: { 'Appraised total value': 525000 }, seen: false },
      ],
    });
    expect(changeLines(saved)).toEqual(['Appraised total value $500,000 → $525,000 since 10/30/2026', 'Sold 02/27/2026']);
    expect(hasNewChanges(saved)).toBe(true);
  });

  it('says a parcel is gone when no change log says since when', () => {
    expect(changeLines(savedRecord({ gone: { since: null } }))).toEqual(["No longer in the county's data"]);
    expect(hasNewChanges(savedRecord({ gone: { since: null } }))).toBe(false);
  });
});
