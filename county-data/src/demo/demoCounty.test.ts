import * as turf from '@turf/turf';
import { describe, expect, it } from 'vitest';
import { CENTRE_PIN, DEMO_CENTRE, generateDemoCounty, TEST_EXTENT } from './demoCounty.ts';
import { lakeLngLat } from './lake.ts';
import { toMetres } from './localFrame.ts';
import { area, orientedBox, type Pt } from './planar.ts';

// The same generator as the full county (FULL_EXTENT, ~107k parcels), on a 3 km square for speed.
const county = generateDemoCounty({ extent: TEST_EXTENT });
const IREDELL_TOWNSHIPS = ['BARRINGER', 'BETHANY', 'CHAMBERSBURG', 'CODDLE CREEK', 'CONCORD', 'COOL SPRINGS', 'DAVIDSON', 'EAGLE MILLS', 'FALLSTOWN', 'NEW HOPE', 'OLIN', 'SHARPESBURG', 'SHILOH', 'STATESVILLE', 'TURNERSBURG', 'UNION GROVE'];
const ZONING = /^(A-C|R-A|RU-R|R-R|R-20|R-12|R-8|R-O|O-I|N-B|H-B|G-B|M-1|M-2)(-CZ)?$/;

describe('generateDemoCounty', () => {
  it('is deterministic for a seed and differs for another seed', () => {
    expect(JSON.stringify(generateDemoCounty({ extent: TEST_EXTENT }))).toBe(JSON.stringify(county));
    expect(generateDemoCounty({ extent: TEST_EXTENT, seed: 'other' }).parcels[10]?.geometry).not.toEqual(county.parcels[10]?.geometry);
  });

  it('generates unique 10-digit PINs', () => {
    expect(county.parcels.length).toBeGreaterThan(1000);
    const pins = county.parcels.map((parcel) => parcel.pin);
    expect(new Set(pins).size).toBe(pins.length);
    for (const pin of pins) expect(pin).toMatch(/^\d{10}$/);
  });

  it('covers the initial map centre with exactly one parcel, wide enough to click at z13', () => {
    const covering = county.parcels.filter((parcel) => turf.booleanPointInPolygon([DEMO_CENTRE.lng, DEMO_CENTRE.lat], parcel.geometry));
    expect(covering.map((parcel) => parcel.pin)).toEqual([CENTRE_PIN]);
    const [west, south, east, north] = turf.bbox(covering[0]!.geometry);
    expect(turf.distance([west, south], [east, south], { units: 'meters' })).toBeGreaterThan(40);
    expect(turf.distance([west, south], [west, north], { units: 'meters' })).toBeGreaterThan(40);
  });

  it('makes valid, closed, counter-clockwise polygons with acreage from their area', () => {
    for (const parcel of county.parcels) {
      const ring = parcel.geometry.coordinates[0]!;
      expect(ring.length).toBeGreaterThanOrEqual(4);
      expect(ring[0]).toEqual(ring.at(-1));
      expect(turf.booleanClockwise(ring)).toBe(false);
      expect(turf.kinks(parcel.geometry).features).toHaveLength(0);
      expect(parcel.taxacres).toBeCloseTo(turf.area(parcel.geometry) / 4046.8564224, 2);
    }
  });

  it('is irregular: lots of many shapes and sizes, not axis-aligned rectangles', () => {
    const vertexCounts = new Set(county.parcels.map((parcel) => parcel.geometry.coordinates[0]!.length));
    expect(vertexCounts.size).toBeGreaterThan(5);
    const acres = county.parcels.map((parcel) => parcel.taxacres).sort((a, b) => a - b);
    expect(acres[Math.floor(acres.length * 0.05)]!).toBeLessThan(0.2);
    expect(acres.at(-1)!).toBeGreaterThan(3);
  });

  it('plats rectangular-ish lots (they fill their bounding rectangle), not shattered triangles', () => {
    const fills = county.parcels.map((parcel) => {
      const ring = parcel.geometry.coordinates[0]!.slice(0, -1).map(([lng, lat]) => toMetres(lng!, lat!) as Pt);
      const box = orientedBox(ring);
      return area(ring) / (box.long * box.short);
    });
    fills.sort((a, b) => a - b);
    // A triangle fills half its rectangle (the convex-cut county had 15% of its lots below 0.53);
    // cul-de-sac wedges, corner lots and shore lots cut by the lake fill less than a rectangle.
    expect(fills[Math.floor(fills.length * 0.5)]!).toBeGreaterThan(0.85);
    expect(fills[Math.floor(fills.length * 0.15)]!).toBeGreaterThan(0.7);
  });

  it('grows lots from town lots to farms away from town (a strip from Mooresville east into the country)', () => {
    const strip = generateDemoCounty({ extent: { x0: 3000, y0: -4200, x1: 14_500, y1: -3200 } });
    const acresBetween = (x0: number, x1: number) =>
      strip.parcels
        .filter((parcel) => {
          const x = toMetres(...(turf.centroid(parcel.geometry).geometry.coordinates as [number, number]))[0];
          return x >= x0 && x < x1;
        })
        .map((parcel) => parcel.taxacres)
        .sort((a, b) => a - b);
    const town = acresBetween(3000, 6000);
    const country = acresBetween(11_000, 14_500);
    expect(town[Math.floor(town.length / 2)]!).toBeGreaterThan(0.15);
    expect(town[Math.floor(town.length / 2)]!).toBeLessThan(0.5);
    expect(country[Math.floor(country.length / 2)]!).toBeGreaterThan(1);
    expect(country.filter((acres) => acres >= 20).length).toBeGreaterThan(3);
    expect(country.at(-1)!).toBeGreaterThan(100);
  });

  it('makes parcels that do not overlap one another (sampled points fall in at most one parcel)', () => {
    const boxes = county.parcels.map((parcel) => ({ parcel, box: turf.bbox(parcel.geometry) }));
    const [west, south, east, north] = turf.bbox(turf.featureCollection(county.parcels.map((parcel) => turf.feature(parcel.geometry))));
    let checked = 0;
    for (let i = 0; i < 120; i += 1) {
      for (let j = 0; j < 120; j += 1) {
        const point: [number, number] = [west + ((east - west) * (i + 0.37)) / 120, south + ((north - south) * (j + 0.61)) / 120];
        const hits = boxes.filter(({ box }) => point[0] >= box[0] && point[0] <= box[2] && point[1] >= box[1] && point[1] <= box[3]).filter(({ parcel }) => turf.booleanPointInPolygon(point, parcel.geometry));
        expect(hits.length).toBeLessThanOrEqual(1);
        checked += hits.length;
      }
    }
    expect(checked).toBeGreaterThan(5000);
  });

  it('keeps parcels out of Lake Norman', () => {
    const lake = lakeLngLat().features;
    for (const parcel of county.parcels) {
      // Shore lots end at the shoreline: their boundary may touch the water, their interior may not.
      const inside = turf.pointOnFeature(parcel.geometry).geometry.coordinates;
      expect(lake.some((water) => turf.booleanPointInPolygon(inside, water, { ignoreBoundary: true }))).toBe(false);
    }
  });

  it('uses upper-case owners, site addresses on named roads, Iredell townships, zoning and plausible sales', () => {
    const roadNames = new Set(county.roads.map((road) => road.name.toUpperCase()));
    let onNamedRoad = 0;
    for (const parcel of county.parcels) {
      expect(parcel.owner).toBe(parcel.owner.toUpperCase());
      expect(parcel.add1).toMatch(/^\d+ [A-Z ]+$/);
      if (roadNames.has(parcel.add1.replace(/^\d+ /, ''))) onNamedRoad += 1;
      expect(IREDELL_TOWNSHIPS).toContain(parcel.township);
      expect(parcel.zoning).toMatch(ZONING);
      expect(['MOORESVILLE', 'TROUTMAN', 'STATESVILLE']).toContain(parcel.city);
      if (parcel.sale_date !== null) expect(parcel.sale_date).toMatch(/^(19|20)\d\d-\d\d-\d\d$/);
      if (parcel.sales_price !== null) expect(parcel.sales_price).toBeGreaterThan(0);
    }
    expect(onNamedRoad).toBeGreaterThan(county.parcels.length * 0.95);
    expect(county.parcels.filter((parcel) => /^[A-Z]+ [A-Z]+ [A-Z]$/.test(parcel.owner)).length).toBeGreaterThan(county.parcels.length / 2);
  });

  it('draws named roads of both kinds, including cul-de-sac turning circles', () => {
    expect(county.roads.some((road) => road.kind === 'major')).toBe(true);
    expect(county.roads.some((road) => road.kind === 'minor')).toBe(true);
    for (const road of county.roads) expect(road.name.length).toBeGreaterThan(0);
    expect(county.roads.some((road) => / (Ct|Cove|Pl|Cir)$/.test(road.name))).toBe(true);
  });
});
