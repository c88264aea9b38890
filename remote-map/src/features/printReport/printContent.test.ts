import type { Markup, NearbyResponse, SavedParcelRecord } from '@parcel-map/shared';
import type { Overlay, ParcelDetails } from '@parcel-map/shared/api';
import { planPrint, printLegend, printSubjects, type PrintSubject } from './printContent.ts';
import { ENGINEERING_SCALES, RATIO_SCALES, feetPerInchAt, zoomForScale } from './printScale.ts';

const parcel = {
  pin: '4601-22',
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [-80.851, 35.609],
        [-80.849, 35.609],
        [-80.849, 35.611],
        [-80.851, 35.611],
        [-80.851, 35.609],
      ],
    ],
  },
} as ParcelDetails;
const saved = (lng: number, lat: number) => ({ parcel_centroid_lon: lng, parcel_centroid_lat: lat }) as SavedParcelRecord;
const markup = (name: string, visible = true) =>
  ({ id: 1, name, color: '#2f9e44', visible, geometry: { type: 'LineString', coordinates: [[-80.9, 35.6], [-80.8, 35.7]] }, created_at: '' }) as Markup;
const centre = { lng: -80.86, lat: 35.62 };
const frame = { widthPx: 700, heightPx: 740 };

describe('printSubjects', () => {
  it('lists only what is at hand, each with its extent, and always the map centre last', () => {
    expect(printSubjects({ parcel: undefined, nearby: null, queryMatches: null, savedParcels: [], measurement: null, shownMarkups: [], mapCentre: centre })).toEqual([
      { id: 'centre', label: 'The map as it is centred now', bounds: null, centre },
    ]);
    const nearby = {
      ring: { type: 'Polygon', coordinates: [[[-80.86, 35.6], [-80.84, 35.6], [-80.84, 35.62], [-80.86, 35.62], [-80.86, 35.6]]] },
      parcels: [{ pin: '4601-23', geometry: { type: 'Point', coordinates: [-80.85, 35.61] } }],
      subject: null,
    } as unknown as NearbyResponse;
    const subjects = printSubjects({
      parcel,
      nearby: { answer: nearby, distanceFt: 300 },
      queryMatches: { total: 12_480, bounds: [-80.95, 35.4, -80.75, 35.55] },
      savedParcels: [saved(-80.9, 35.5), saved(-80.7, 35.8)],
      measurement: { kind: 'distance', segmentsFeet: [1], totalFeet: 1, line: [[-80.86, 35.62], [-80.85, 35.63]] },
      shownMarkups: [markup('Fence line')],
      mapCentre: centre,
    });
    expect(subjects.map((subject) => [subject.id, subject.label, subject.bounds])).toEqual([
      ['parcel', 'The selected parcel (PIN 4601-22)', [-80.851, 35.609, -80.849, 35.611]],
      ['nearby', 'The parcels within 300 ft (1)', [-80.86, 35.6, -80.84, 35.62]],
      ['query', "The query's matches (12,480)", [-80.95, 35.4, -80.75, 35.55]],
      ['saved', 'My saved parcels (2)', [-80.9, 35.5, -80.7, 35.8]],
      ['measured', 'The measured shape', [-80.86, 35.62, -80.85, 35.63]],
      ['markups', 'The shown markups (1)', [-80.9, 35.6, -80.8, 35.7]],
      ['centre', 'The map as it is centred now', null],
    ]);
    expect(subjects[0]!.centre.lng).toBeCloseTo(-80.85, 9);
    expect(subjects[0]!.centre.lat).toBeCloseTo(35.61, 9);
  });

  it('offers no query subject when nothing matches: there is no extent to fit', () => {
    const subjects = printSubjects({ parcel: undefined, nearby: null, queryMatches: { total: 0, bounds: null }, savedParcels: [], measurement: null, shownMarkups: [], mapCentre: centre });
    expect(subjects.map((subject) => subject.id)).toEqual(['centre']);
  });
});

describe('planPrint', () => {
  const subjectOf = (bounds: PrintSubject['bounds']): PrintSubject => ({ id: 'parcel', label: '', bounds, centre: { lng: -80.85, lat: 35.61 } });

  it('prints a listed scale at the subject centre, in both words', () => {
    const plan = planPrint(subjectOf(null), RATIO_SCALES[0]!, frame);
    expect(plan).toEqual({ view: { lng: -80.85, lat: 35.61, zoom: zoomForScale(35.61, 100) }, feetPerInch: 100, scaleLabel: '1" = 100\' (1:1,200)' });
    expect(planPrint(subjectOf(null), ENGINEERING_SCALES[4]!, frame)).toMatchObject({ scaleLabel: '1" = 1,000\' (1:12,000)' });
  });

  it('fits the subject and states the scale that gives, but never closer than 1" = 50\'', () => {
    const plan = planPrint(subjectOf([-80.851, 35.609, -80.849, 35.611]), 'fit', frame);
    if ('error' in plan) throw new Error(plan.error);
    expect(plan.feetPerInch).toBeCloseTo(feetPerInchAt(plan.view.lat, plan.view.zoom), 9);
    // 0.002° of latitude is about 729 ft; in 740 − 48 px at 96 px to the inch.
    expect(plan.feetPerInch).toBeCloseTo(729 / ((740 - 48) / 96), -1);
    expect(plan.scaleLabel).toMatch(/^1" = \d+' \(1:[\d,]+\)$/);
    const point = planPrint(subjectOf([-80.85, 35.61, -80.85, 35.61]), 'fit', frame);
    expect(point).toMatchObject({ feetPerInch: expect.closeTo(50, 6), scaleLabel: '1" = 50\' (1:600)' });
  });

  it('says why it cannot print: nothing to fit, or a scale past the map\'s zoom range', () => {
    expect(planPrint({ id: 'centre', label: '', bounds: null, centre }, 'fit', frame)).toHaveProperty('error');
    const closerThanTheMapDraws = { id: 'eng-20', label: '1" = 20\'', feetPerInch: 20 };
    expect(planPrint(subjectOf(null), closerThanTheMapDraws, frame)).toEqual({ error: 'The map cannot be drawn at 1" = 20\' here.' });
  });
});

describe('printLegend', () => {
  it('lists the base map with its credits, the parcels, the selection, the overlays with theirs, the shown markups and the switched-on layers', () => {
    const overlay = { label: 'Flood zones (FEMA 100-year)', style: { colour: '#1c7ed6' }, source: 'FEMA', licence: 'Public domain' } as Overlay;
    expect(
      printLegend({
        baseMapName: 'Imagery — Orthophoto 2024',
        baseMapCredits: ['© County GIS', 'Orthophoto 2024'],
        parcelsCredit: 'Iredell County GIS (Public record)',
        selected: { pin: '4601-22', colour: '#ff5a1f' },
        overlays: [overlay],
        shownMarkups: [markup('Fence line')],
        savedParcelsShown: true,
        contoursShown: false,
      }),
    ).toEqual([
      { label: 'Base map: Imagery — Orthophoto 2024', colour: null, credit: '© County GIS · Orthophoto 2024' },
      { label: 'Parcels', colour: null, credit: 'Iredell County GIS (Public record)' },
      { label: 'Selected parcel (PIN 4601-22)', colour: '#ff5a1f', credit: null },
      { label: 'Flood zones (FEMA 100-year)', colour: '#1c7ed6', credit: 'FEMA (Public domain)' },
      { label: 'Markup: Fence line', colour: '#2f9e44', credit: null },
      { label: 'My saved parcels', colour: null, credit: null },
    ]);
  });
});
