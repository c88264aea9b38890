// The Overlays panel's county layers (issue #23 §5), under SPEC's switches: a checkbox per overlay
// with its legend — its colour, or each value its features hold in the colour the map draws it (the
// legend found at import) — and a short line when there are none.
import { useAppDispatch, useAppSelector } from '@parcel-map/shared';
import type { Overlay, OverlayGeometryType, OverlayLegend } from '@parcel-map/shared/api';
import { overlayLayerToggled, selectShownOverlayLayers } from '../mapView/mapViewSlice.ts';
import { useSwitchableOverlays } from './overlaysApi.ts';
import { codedValueText } from './overlayValueText.ts';
import './overlayLayerOptions.css';

/** docs/decisions.md: the panel says so rather than leaving a gap. */
export const NO_OVERLAY_LAYERS_MESSAGE = 'No county layers to show.';
/** The legend's entry for the features of no listed value. */
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
            {!overlay.legend && <Swatch colour={overlay.style.colour} geometryType={overlay.geometryType} />}
            {overlay.label}
          </label>
          {overlay.legend && <ValueLegend overlay={overlay} legend={overlay.legend} />}
        </li>
      ))}
    </ul>
  );
}

/** Each value the layer holds with what it means, in the legend's order (by value), then 'Other' when some features have none of them. */
function ValueLegend({ overlay, legend }: { overlay: Overlay; legend: OverlayLegend }) {
  const entries = legend.entries.map(({ value, label, colour }) => ({ key: value, text: codedValueText(value, label), colour }));
  if (legend.others > 0) entries.push({ key: '', text: OTHER_VALUES_LABEL, colour: overlay.style.colour });
  return (
    <ul className="overlay-layers__legend" aria-label={`${overlay.label} legend`}>
      {entries.map(({ key, text, colour }) => (
        <li key={key} className="overlay-layers__legend-entry">
          <Swatch colour={colour} geometryType={overlay.geometryType} />
          {text}
        </li>
      ))}
    </ul>
  );
}

/** Drawn as the map draws the overlay: a square for areas, a stroke for lines, a dot for points. */
function Swatch({ colour, geometryType }: { colour: string; geometryType: OverlayGeometryType }) {
  return <span className={`overlay-swatch overlay-swatch--${geometryType}`} style={{ '--overlay-colour': colour } as React.CSSProperties} aria-hidden="true" />;
}
