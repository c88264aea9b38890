// Nearby parcels (issue #24 point 4) and their whole lists as CSV (issue #42 point 5), on PGlite and,
// with TEST_DATABASE_URL, on PostgreSQL.
import * as turf from '@turf/turf';
import type { Polygon } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NEARBY_AREA_MAX_POSITIONS,
  NEARBY_CSV_DISTANCE_COLUMN,
  NEARBY_MAX_PARCELS,
  QUERY_CSV_COLUMNS,
  NEARBY_AREA_OPEN_RING_MESSAGE,
  NEARBY_AREA_TOO_DETAILED_MESSAGE,
  NEARBY_DEFAULT_FEET,
  NEARBY_MAX_FEET,
  nearbyResponseSchema,
  type NearbyResponse,
} from '@parcel-map/shared/contracts';
import { parseCsvRecords } from '@parcel-map/shared/files/csv';
import { startTestApp, type TestApp } from '../../../testing/testApp.ts';

const CENTRE_PIN = '4605050123';

describe('nearby parcels', () => {
  let app: TestApp;
  let token: string;
  const nearby = async (path: string, body?: unknown): Promise<NearbyResponse> => {
    const response = await app.request(path, body === undefined ? { token } : { token, method: 'POST', body });
    expect(response.status).toBe(200);
    expect(nearbyResponseSchema.parse(response.json)).toEqual(response.json);
    return response.json as NearbyResponse;
  };
  const pins = (answer: NearbyResponse) => answer.parcels.map((parcel) => parcel.pin).sort();
  /** The whole list as CSV: its header, its rows and its count line, each as read with the importer's RFC 4180 reader. */
  const wholeList = async (path: string, body?: unknown) => {
    const response = await app.request(path, { token, headers: { Accept: 'text/csv' }, ...(body === undefined ? {} : { method: 'POST', body }) });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="nearby-parcels-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = response.body.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsvRecords(text.slice(1));
    const countLine = rows.pop()!;
    return { header: header!, rows, countLine, column: (name: string) => header!.indexOf(name) };
  };

  beforeAll(async () => {
    app = await startTestApp();
    token = await app.identity.sign('user-nearby');
  });
  afterAll(() => app.close());

  it('lists the parcels within 300 ft by default, nearest first, the subject apart, with owners and mailing addresses', async () => {
    const answer = await nearby(`/api/parcels/${CENTRE_PIN}/nearby`);
    expect(answer.distance_ft).toBe(NEARBY_DEFAULT_FEET);
    expect(answer.subject?.pin).toBe(CENTRE_PIN);
    expect(pins(answer)).not.toContain(CENTRE_PIN);
    expect(answer.parcels.length).toBeGreaterThan(5);
    const distances = answer.parcels.map((parcel) => parcel.distance_ft);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(300);
    for (const parcel of answer.parcels) {
      expect(parcel.owner).toMatch(/\S/);
      expect(parcel.mail_add1).toMatch(/\S/);
      expect(parcel.mail_state).toMatch(/^[A-Z]{2}$/);
      expect(parcel.geometry.type).toMatch(/Polygon/);
    }
    expect(answer.ring.type).toBe('Polygon');
    // The ring lies 300 ft out from the subject: its area is the subject's grown by that margin.
    const subjectArea = turf.area(answer.subject!.geometry as Polygon);
    expect(turf.area(answer.ring as Polygon)).toBeGreaterThan(subjectArea + 3 * (300 / 3.28084) ** 2);
  });

  it('measures edge to edge: every parcel it leaves out is farther than the distance', async () => {
    const answer = await nearby(`/api/parcels/${CENTRE_PIN}/nearby?distance_ft=150`);
    const listed = new Set(pins(answer));
    const subject = turf.polygon((answer.subject!.geometry as Polygon).coordinates);
    const wider = await nearby(`/api/parcels/${CENTRE_PIN}/nearby?distance_ft=600`);
    for (const parcel of wider.parcels.filter((p) => !listed.has(p.pin))) {
      const vertices = (parcel.geometry as Polygon).coordinates[0]!;
      const nearest = Math.min(...vertices.map((vertex) => turf.pointToLineDistance(vertex, turf.polygonToLine(subject) as never, { units: 'feet' })));
      expect(nearest).toBeGreaterThan(140);
    }
    expect([...listed].every((pin) => wider.parcels.some((p) => p.pin === pin))).toBe(true);
  });

  it('reaches a mile (issue #42)', async () => {
    expect(NEARBY_MAX_FEET).toBeGreaterThanOrEqual(5280);
    const answer = await nearby(`/api/parcels/${CENTRE_PIN}/nearby?distance_ft=5280`);
    expect(answer.distance_ft).toBe(5280);
    // The ring is drawn a mile out from the subject all round.
    const [west, south, east, north] = turf.bbox(answer.ring as Polygon);
    const across = (from: [number, number], to: [number, number]) => turf.distance(from, to, { units: 'feet' });
    expect(across([west, south], [east, south])).toBeGreaterThan(2 * 5280);
    expect(across([west, south], [west, north])).toBeGreaterThan(2 * 5280);
    expect(answer.parcels.length).toBeGreaterThan(0);
  });

  it('writes every parcel within a mile as CSV, past the 2,000 the JSON lists, with their count last: the JSON total (issue #42)', async () => {
    const answer = await nearby(`/api/parcels/${CENTRE_PIN}/nearby?distance_ft=5280`);
    expect(answer.total).toBeGreaterThan(NEARBY_MAX_PARCELS);
    expect(answer.truncated).toBe(true);
    expect(answer.parcels).toHaveLength(NEARBY_MAX_PARCELS);

    const { header, rows, countLine, column } = await wholeList(`/api/parcels/${CENTRE_PIN}/nearby?distance_ft=5280`);
    expect(header.slice(0, QUERY_CSV_COLUMNS.length + 1)).toEqual([...QUERY_CSV_COLUMNS, NEARBY_CSV_DISTANCE_COLUMN]);
    expect(countLine).toEqual([`# ${answer.total} rows`]);
    expect(rows).toHaveLength(answer.total);
    const listed = rows.map((row) => row[column('pin')]!);
    expect(new Set(listed).size).toBe(answer.total);
    expect(listed).not.toContain(CENTRE_PIN);
    // Nearest first, in the JSON's order where the JSON lists them, with the same distances and mailing addresses.
    const distances = rows.map((row) => Number(row[column(NEARBY_CSV_DISTANCE_COLUMN)]));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.at(-1)).toBeLessThanOrEqual(5280);
    expect(listed.slice(0, NEARBY_MAX_PARCELS)).toEqual(answer.parcels.map((parcel) => parcel.pin));
    answer.parcels.forEach((parcel, index) => {
      const row = rows[index]!;
      expect([row[column('owner')], row[column('address')], row[column('mail_address')], row[column('mail_city')], row[column('mail_state')], row[column('mail_zip')], distances[index]]).toEqual([
        parcel.owner ?? '', parcel.add1 ?? '', parcel.mail_add1 ?? '', parcel.mail_city ?? '', parcel.mail_state ?? '', parcel.mail_zip ?? '', parcel.distance_ft,
      ]);
    });
  });

  it('writes the same parcels as the JSON where the JSON lists them all, around a parcel and around a drawn area', async () => {
    const answer = await nearby(`/api/parcels/${CENTRE_PIN}/nearby?distance_ft=600`);
    expect(answer.truncated).toBe(false);
    expect(answer.total).toBe(answer.parcels.length);
    const aroundParcel = await wholeList(`/api/parcels/${CENTRE_PIN}/nearby?distance_ft=600`);
    expect(aroundParcel.countLine).toEqual([`# ${answer.total} rows`]);
    expect(aroundParcel.rows.map((row) => row[aroundParcel.column('pin')])).toEqual(answer.parcels.map((parcel) => parcel.pin));

    const drawn = await nearby('/api/parcels/nearby', { geometry: answer.subject!.geometry, distance_ft: 600 });
    const aroundArea = await wholeList('/api/parcels/nearby', { geometry: answer.subject!.geometry, distance_ft: 600 });
    expect(aroundArea.countLine).toEqual([`# ${drawn.total} rows`]);
    expect(aroundArea.rows.map((row) => row[aroundArea.column('pin')])).toEqual(drawn.parcels.map((parcel) => parcel.pin));
  });

  it('lists only the parcels that touch at distance 0', async () => {
    const touching = await nearby(`/api/parcels/${CENTRE_PIN}/nearby?distance_ft=0`);
    expect(touching.parcels.length).toBeGreaterThan(1);
    expect(touching.parcels.every((parcel) => parcel.distance_ft === 0)).toBe(true);
    const within300 = await nearby(`/api/parcels/${CENTRE_PIN}/nearby?distance_ft=300`);
    expect(pins(touching).every((pin) => pins(within300).includes(pin))).toBe(true);
    expect(touching.ring).toEqual(touching.subject!.geometry);
  });

  it('does the same around a drawn area, the parcels under it included', async () => {
    const around = await nearby(`/api/parcels/${CENTRE_PIN}/nearby?distance_ft=200`);
    const drawn = await nearby('/api/parcels/nearby', { geometry: around.subject!.geometry, distance_ft: 200 });
    expect(drawn.subject).toBeNull();
    expect(pins(drawn)).toEqual([...pins(around), CENTRE_PIN].sort());
    expect(drawn.parcels.find((parcel) => parcel.pin === CENTRE_PIN)!.distance_ft).toBe(0);
  });

  it('answers 404 for an unknown parcel, 400 for a bad distance or area, 401 without a session', async () => {
    expect((await app.request('/api/parcels/0000000000/nearby', { token })).status).toBe(404);
    for (const bad of ['-1', '5281', '1.5', 'far']) {
      expect((await app.request(`/api/parcels/${CENTRE_PIN}/nearby?distance_ft=${bad}`, { token })).status).toBe(400);
    }
    const point = { geometry: { type: 'Point', coordinates: [-80.86, 35.62] }, distance_ft: 300 };
    expect((await app.request('/api/parcels/nearby', { token, method: 'POST', body: point })).status).toBe(400);
    expect((await app.request(`/api/parcels/${CENTRE_PIN}/nearby`)).status).toBe(401);
    expect((await app.request('/api/parcels/nearby', { method: 'POST', body: point })).status).toBe(401);
  });

  it('answers 400 with a clear message for an open ring, too many positions or malformed positions, never 500', async () => {
    const post = (geometry: unknown) => app.request('/api/parcels/nearby', { token, method: 'POST', body: { geometry, distance_ft: NEARBY_MAX_FEET } });
    const open = [[-80.86, 35.62], [-80.859, 35.62], [-80.859, 35.621], [-80.86, 35.621]];
    const openAnswer = await post({ type: 'Polygon', coordinates: [open] });
    expect(openAnswer.status).toBe(400);
    expect((openAnswer.json as { message: string }).message).toContain(NEARBY_AREA_OPEN_RING_MESSAGE);
    const closed = [...open, open[0]!];
    expect((await post({ type: 'MultiPolygon', coordinates: [[closed], [open]] })).status).toBe(400);

    // A circle of one position more than allowed (its first repeated at the end), then of exactly as many.
    const circle = (positions: number) => {
      const ring = Array.from({ length: positions - 1 }, (_, i) => [-80.86 + 0.003 * Math.cos((i / (positions - 1)) * 2 * Math.PI), 35.62 + 0.003 * Math.sin((i / (positions - 1)) * 2 * Math.PI)]);
      return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
    };
    const tooDetailed = await post(circle(NEARBY_AREA_MAX_POSITIONS + 1));
    expect(tooDetailed.status).toBe(400);
    expect((tooDetailed.json as { message: string }).message).toContain(NEARBY_AREA_TOO_DETAILED_MESSAGE);
    const manySmallRings = { type: 'MultiPolygon', coordinates: Array.from({ length: NEARBY_AREA_MAX_POSITIONS / closed.length + 1 }, () => [closed]) };
    expect((await post(manySmallRings)).status).toBe(400);
    const atTheLimit = await post(circle(NEARBY_AREA_MAX_POSITIONS));
    expect(atTheLimit.status).toBe(200);
    expect((atTheLimit.json as NearbyResponse).parcels.length).toBeGreaterThan(100);

    const malformed = [
      { type: 'Polygon', coordinates: [] },
      { type: 'Polygon', coordinates: [[]] },
      { type: 'Polygon', coordinates: [[[], [], [], []]] },
      { type: 'Polygon', coordinates: [[[null, 35.62], [-80.859, 35.62], [-80.859, 35.621], [null, 35.62]]] },
      { type: 'Polygon', coordinates: [[[1e308, 35.62], [-80.859, 35.62], [-80.859, 35.621], [1e308, 35.62]]] },
      { type: 'Polygon', coordinates: [[['-80.86', '35.62'], [-80.859, 35.62], [-80.859, 35.621], ['-80.86', '35.62']]] },
      { type: 'Polygon', coordinates: 'ring' },
      { type: 'Polygon' },
      { type: 'MultiPolygon', coordinates: [[]] },
      null,
    ];
    for (const geometry of malformed) {
      const answer = await post(geometry);
      expect(answer.status, JSON.stringify(geometry)).toBe(400);
      expect((answer.json as { message: string }).message, JSON.stringify(geometry)).toMatch(/^geometry/);
    }
    // Closed but with no extent (every position the same, or all on one line): measured as the point or line it is.
    const point = await post({ type: 'Polygon', coordinates: [[[-80.86, 35.62], [-80.86, 35.62], [-80.86, 35.62], [-80.86, 35.62]]] });
    expect(point.status).toBe(200);
    const line = await post({ type: 'Polygon', coordinates: [[[-80.86, 35.62], [-80.859, 35.62], [-80.858, 35.62], [-80.86, 35.62]]] });
    expect(line.status).toBe(200);
    expect((line.json as NearbyResponse).parcels.length).toBeGreaterThan(0);
  });
});
