// The Overlays panel's county layers (issue #23 §5), under SPEC's switches: a checkbox per overlay
// with its legend — its colour, or each styled value's — and a short line when there are none.
import { useAppDispatch, useAppSelector } from '@parcel-map/shared';
import type { Overlay, OverlayGeometryType } from '@parcel-map/shared/api';
import { overlayLayerToggled, selectShownOverlayLayers } from '../mapView/mapViewSlice.ts';
import { useSwitchableOverlays } from './overlaysApi.ts';
import './overlayLayerOptions.css';

/** docs/decisions.md: the panel says so rather than leaving a gap. */
export const NO_OVERLAY_LAYERS_MESSAGE = 'No county layers to show.';
/** The legend's entry for the values an overlay's style does not list. */
const OTHER_VALUES_LABEL = 'Other';

export function OverlayLayerOptions() {
  const dispatch = useAppDispatch();
  const overlays = useSwitchableOverlays();
  const shown = useAppSelector(selectShownOverlayLayers);
  if (!overlays) return null;
  if (overlays.length === 0) return <p className="overlay-layers__empty">{NO_OVERLAY_LAYERS_MESSAGE}</p>;
  return (
    <ul className="overlay-layers" aria-label="County layers">
      {overlays.map((overlay) => (
        <li key={overlay.name}>
          <label className="overlays-panel__option">
            <input type="checkbox" checked={shown.includes(overlay.name)} onChange={() => dispatch(overlayLayerToggled({ name: overlay.name }))} />
            {!overlay.style.byAttribute && <Swatch colour={overlay.style.colour} geometryType={overlay.geometryType} />}
            {overlay.label}
          </label>
          {overlay.style.byAttribute && <ValueLegend overlay={overlay} />}
        </li>
      ))}
    </ul>
  );
}

/**
 * One colour per styled value in the values' order (the answer's key order is the database's, not
 * the mapping file's), then the colour of all the others.
 */
function ValueLegend({ overlay }: { overlay: Overlay }) {
  const styled = Object.entries(overlay.style.byAttribute?.colours ?? {}).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
  const entries = [...styled, [OTHER_VALUES_LABEL, overlay.style.colour] as const];
  return (
    <ul className="overlay-layers__legend" aria-label={`${overlay.label} legend`}>
      {entries.map(([value, colour]) => (
        <li key={value} className="overlay-layers__legend-entry">
          <Swatch colour={colour} geometryType={overlay.geometryType} />
          {value}
        </li>
      ))}
    </ul>
  );
}

/** Drawn as the map draws the overlay: a square for areas, a stroke for lines, a dot for points. */
function Swatch({ colour, geometryType }: { colour: string; geometryType: OverlayGeometryType }) {
  return <span className={`overlay-swatch overlay-swatch--${geometryType}`} style={{ '--overlay-colour': colour } as React.CSSProperties} aria-hidden="true" />;
}
