// Where the numbered result markers go so that no two overlap (issue #42): at each whole zoom,
// markers closer than a marker's width are spread on a ring around their middle, each with a leader
// line back to its parcel. Each placement holds for one band of zooms [minzoom, maxzoom), chosen by
// the layers' filter: a filter sees whole zooms, and within one the map only grows, so markers apart
// at the band's start stay apart through it.
import type { Feature, LineString, Point, Position } from 'geojson';
import { MAP_VIEW_DEFAULTS } from './mapDefaults.ts';

/** mapbox-gl's world is 512 px wide at zoom 0. */
const WORLD_PX_AT_ZOOM_0 = 512;

export interface MarkerPoint {
  coordinates: Position;
  properties: { pin?: string; label?: string };
}

interface ZoomBand {
  minzoom: number;
  maxzoom: number;
}

export type PlacedMarker = Feature<Point, MarkerPoint['properties'] & ZoomBand & { kind: 'result' }>;
export type MarkerLeader = Feature<LineString, ZoomBand & { kind: 'result-leader' }>;

interface Pixel {
  x: number;
  y: number;
}

const worldSize = (zoom: number) => WORLD_PX_AT_ZOOM_0 * 2 ** zoom;

function toPixel([lng = 0, lat = 0]: Position, zoom: number): Pixel {
  const sin = Math.sin((lat * Math.PI) / 180);
  return { x: ((lng + 180) / 360) * worldSize(zoom), y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * worldSize(zoom) };
}

function toCoordinates({ x, y }: Pixel, zoom: number): Position {
  const lng = (x / worldSize(zoom)) * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / worldSize(zoom)))) * 180) / Math.PI;
  return [lng, lat];
}

/** Clockwise from straight up (screen y grows downwards), in [0, 2π); a point on the centre counts as up. */
function bearing(from: Pixel, to: Pixel): number {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  if (Math.hypot(dx, dy) < 1e-9) return 0;
  return (Math.atan2(dx, -dy) + 2 * Math.PI) % (2 * Math.PI);
}

interface Group {
  members: number[];
  centre: Pixel;
}

/** Where each marker sits at one zoom, in pixels, and whether it was moved off its own point. */
function placeAtZoom(points: readonly Pixel[], spacing: number): { at: Pixel; moved: boolean }[] {
  // Markers of a ring of k are `spacing` apart: its radius is the circumradius of that k-gon.
  const ringRadius = (k: number) => (k === 1 ? 0 : spacing / (2 * Math.sin(Math.PI / k)));
  const reach = (group: Group) => ringRadius(group.members.length) + spacing / 2;
  let groups: Group[] = points.map((centre, index) => ({ members: [index], centre }));
  for (;;) {
    const overlap = overlappingPair(groups, reach);
    if (!overlap) break;
    const [a, b] = overlap;
    const members = [...a.members, ...b.members];
    const centre = {
      x: members.reduce((sum, index) => sum + points[index]!.x, 0) / members.length,
      y: members.reduce((sum, index) => sum + points[index]!.y, 0) / members.length,
    };
    groups = [...groups.filter((group) => group !== a && group !== b), { members, centre }];
  }
  const placed: { at: Pixel; moved: boolean }[] = points.map((at) => ({ at, moved: false }));
  for (const { members, centre } of groups) {
    if (members.length === 1) continue;
    const radius = ringRadius(members.length);
    // Round the ring in the order the parcels lie around the centre, so a marker stays on its parcel's side.
    const ordered = members
      .map((index) => ({ index, bearing: bearing(centre, points[index]!) }))
      .sort((a, b) => a.bearing - b.bearing || a.index - b.index);
    const start = ordered[0]!.bearing;
    ordered.forEach(({ index }, slot) => {
      const angle = start + (2 * Math.PI * slot) / ordered.length;
      placed[index] = { at: { x: centre.x + radius * Math.sin(angle), y: centre.y - radius * Math.cos(angle) }, moved: true };
    });
  }
  return placed;
}

function overlappingPair(groups: readonly Group[], reach: (group: Group) => number): [Group, Group] | null {
  for (let i = 0; i < groups.length; i += 1) {
    for (let j = i + 1; j < groups.length; j += 1) {
      const a = groups[i]!;
      const b = groups[j]!;
      if (Math.hypot(a.centre.x - b.centre.x, a.centre.y - b.centre.y) < reach(a) + reach(b)) return [a, b];
    }
  }
  return null;
}

/**
 * The markers, `spacing` px or more apart at every zoom of the map, as features each drawn in its
 * band of zooms, and a leader from each moved marker to its point. A marker left on its point through
 * several zooms is one feature.
 */
export function layOutMarkers(points: readonly MarkerPoint[], spacing: number): { markers: PlacedMarker[]; leaders: MarkerLeader[] } {
  const markers: PlacedMarker[] = [];
  const leaders: MarkerLeader[] = [];
  // The marker of each point still on its point since the zoom it went there, to extend while it stays.
  const unmoved = new Map<number, PlacedMarker>();
  const { minZoom, maxZoom }: { minZoom: number; maxZoom: number } = MAP_VIEW_DEFAULTS;
  for (let zoom = minZoom; zoom <= maxZoom; zoom += 1) {
    // Below the map's zooms the first band's placement holds, above them the last one's.
    const band = { minzoom: zoom === minZoom ? 0 : zoom, maxzoom: zoom === maxZoom ? 24 : zoom + 1 };
    const placed = placeAtZoom(
      points.map((point) => toPixel(point.coordinates, zoom)),
      spacing,
    );
    placed.forEach(({ at, moved }, index) => {
      const point = points[index]!;
      const open = unmoved.get(index);
      if (!moved && open) {
        open.properties.maxzoom = band.maxzoom;
        return;
      }
      const coordinates = moved ? toCoordinates(at, zoom) : point.coordinates;
      const marker: PlacedMarker = { type: 'Feature', properties: { ...point.properties, kind: 'result', ...band }, geometry: { type: 'Point', coordinates } };
      markers.push(marker);
      if (moved) {
        unmoved.delete(index);
        leaders.push({ type: 'Feature', properties: { kind: 'result-leader', ...band }, geometry: { type: 'LineString', coordinates: [point.coordinates, coordinates] } });
      } else unmoved.set(index, marker);
    });
  }
  return { markers, leaders };
}
