// What a print shows: the subjects it can be of (the parcel, the parcels near it the finder lists,
// a query's matches, the saved parcels, a measured shape, the shown markups, or the map's centre), the view and scale of the sheet, and the legend rows.
import { bbox } from '@turf/turf';
import type { Geometry } from 'geojson';
import type { Markup, NearbyResponse, QueryMatchesResponse, SavedParcelRecord } from '@parcel-map/shared';
import type { Overlay, ParcelDetails } from '@parcel-map/shared/api';
import { MAP_VIEW_DEFAULTS } from '../../map/mapDefaults.ts';
import type { Measurement } from '@parcel-map/shared/measure';
import { findingsBounds, nearbyFindings } from '../search/findingsGeometry.ts';
import type { LegendRow } from './printPdf.ts';
import { ENGINEERING_SCALES, feetPerInchAt, ratioLabel, viewToFit, zoomForScale, type Bounds, type PrintScale, type PrintView } from './printScale.ts';

export interface PrintSubject {
  id: 'parcel' | 'nearby' | 'query' | 'saved' | 'measured' | 'markups' | 'centre';
  label: string;
  /** What 'Fit' shows whole; null for the map's centre, which only a chosen scale prints. */
  bounds: Bounds | null;
  centre: { lng: number; lat: number };
}

function boundsOf(geometries: readonly Geometry[]): Bounds | null {
  if (geometries.length === 0) return null;
  const [west, south, east, north] = bbox({ type: 'GeometryCollection', geometries: [...geometries] });
  return [west, south, east, north];
}

const centreOf = ([west, south, east, north]: Bounds) => ({ lng: (west + east) / 2, lat: (south + north) / 2 });

const subject = (id: PrintSubject['id'], label: string, bounds: Bounds | null): PrintSubject[] => (bounds ? [{ id, label, bounds, centre: centreOf(bounds) }] : []);

export function printSubjects(inputs: {
  parcel: ParcelDetails | undefined;
  /** The finder's list of parcels near a parcel or an area, while it is open. */
  nearby: { answer: NearbyResponse; distanceFt: number } | null;
  /** The query panel's matches, while it is open. */
  queryMatches: Pick<QueryMatchesResponse, 'total' | 'bounds'> | null;
  savedParcels: readonly SavedParcelRecord[];
  measurement: Measurement | null;
  shownMarkups: readonly Markup[];
  mapCentre: { lng: number; lat: number };
}): PrintSubject[] {
  const { parcel, nearby, queryMatches, savedParcels, measurement, shownMarkups, mapCentre } = inputs;
  const measured: Geometry | null = !measurement
    ? null
    : measurement.kind === 'point'
      ? { type: 'Point', coordinates: measurement.position }
      : measurement.kind === 'distance'
        ? { type: 'LineString', coordinates: measurement.line }
        : { type: 'Polygon', coordinates: [measurement.ring] };
  return [
    ...subject('parcel', parcel ? `The selected parcel (PIN ${parcel.pin})` : '', parcel ? boundsOf([parcel.geometry as Geometry]) : null),
    ...subject(
      'nearby',
      nearby ? `The parcels within ${nearby.distanceFt.toLocaleString('en-US')} ft (${nearby.answer.parcels.length})` : '',
      nearby && findingsBounds(nearbyFindings(nearby.answer)),
    ),
    ...subject(
      'query',
      queryMatches ? `The query's matches (${queryMatches.total.toLocaleString('en-US')})` : '',
      queryMatches?.bounds ?? null,
    ),
    ...subject(
      'saved',
      `My saved parcels (${savedParcels.length})`,
      boundsOf(savedParcels.map((saved) => ({ type: 'Point', coordinates: [saved.parcel_centroid_lon, saved.parcel_centroid_lat] }))),
    ),
    ...subject('measured', 'The measured shape', measured && boundsOf([measured])),
    ...subject('markups', `The shown markups (${shownMarkups.length})`, boundsOf(shownMarkups.map((markup) => markup.geometry as Geometry))),
    { id: 'centre', label: 'The map as it is centred now', bounds: null, centre: mapCentre },
  ];
}

/** 'Fit' never zooms in past the closest listed scale: a lone point or a tiny lot is not printed at 1" = 3'. */
const FIT_CLOSEST_FEET_PER_INCH = ENGINEERING_SCALES[0]!.feetPerInch;
/** Room left around a fitted subject, in CSS pixels of the frame (a quarter inch). */
const FIT_PADDING_PX = 24;

export type PrintPlan = { view: PrintView; feetPerInch: number; scaleLabel: string } | { error: string };

/** The view of the sheet's map frame and the scale it prints at, or why the map cannot draw it. */
export function planPrint(subject: PrintSubject, scale: PrintScale | 'fit', frame: { widthPx: number; heightPx: number }): PrintPlan {
  if (scale === 'fit') {
    if (!subject.bounds) return { error: 'Choose a scale: the map’s centre has no extent to fit.' };
    const closest = zoomForScale(subject.centre.lat, FIT_CLOSEST_FEET_PER_INCH);
    const view = viewToFit(subject.bounds, frame.widthPx, frame.heightPx, FIT_PADDING_PX, Math.min(closest, MAP_VIEW_DEFAULTS.maxZoom));
    if (view.zoom < MAP_VIEW_DEFAULTS.minZoom) return { error: 'This is too large to fit on the sheet: choose a scale or a larger paper.' };
    const feetPerInch = feetPerInchAt(view.lat, view.zoom);
    return { view, feetPerInch, scaleLabel: `1" = ${Math.round(feetPerInch).toLocaleString('en-US')}' (${ratioLabel(feetPerInch)})` };
  }
  const zoom = zoomForScale(subject.centre.lat, scale.feetPerInch);
  if (zoom > MAP_VIEW_DEFAULTS.maxZoom || zoom < MAP_VIEW_DEFAULTS.minZoom) return { error: `The map cannot be drawn at ${scale.label} here.` };
  const engineeringLabel = `1" = ${scale.feetPerInch.toLocaleString('en-US')}'`;
  return { view: { ...subject.centre, zoom }, feetPerInch: scale.feetPerInch, scaleLabel: `${engineeringLabel} (${ratioLabel(scale.feetPerInch)})` };
}

/** The legend: the base map with its credits, the parcels, then what is drawn over them. */
export function printLegend(inputs: {
  baseMapName: string;
  baseMapCredits: readonly string[];
  parcelsCredit: string | null;
  selected: { pin: string; colour: string } | null;
  overlays: readonly Overlay[];
  shownMarkups: readonly Markup[];
  savedParcelsShown: boolean;
  contoursShown: boolean;
}): LegendRow[] {
  return [
    { label: `Base map: ${inputs.baseMapName}`, colour: null, credit: inputs.baseMapCredits.join(' · ') || null },
    { label: 'Parcels', colour: null, credit: inputs.parcelsCredit },
    ...(inputs.selected ? [{ label: `Selected parcel (PIN ${inputs.selected.pin})`, colour: inputs.selected.colour, credit: null }] : []),
    ...inputs.overlays.map((overlay) => ({ label: overlay.label, colour: overlay.style.colour, credit: `${overlay.source} (${overlay.licence})` })),
    ...inputs.shownMarkups.map((markup) => ({ label: `Markup: ${markup.name}`, colour: markup.color, credit: null })),
    ...(inputs.savedParcelsShown ? [{ label: 'My saved parcels', colour: null, credit: null }] : []),
    ...(inputs.contoursShown ? [{ label: 'Contour lines', colour: null, credit: null }] : []),
  ];
}
