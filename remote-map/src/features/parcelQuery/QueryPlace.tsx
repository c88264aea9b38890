// The query panel's conditions on where a parcel is: inside (or outside) an overlay's features, all of
// them or those of one value of the attribute the overlay is coloured by (a flood zone, a zoning
// district), and inside an area drawn on the map.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { SavedQueryConditions } from '@parcel-map/shared/api';
import { useSwitchableOverlays } from '../overlays/overlaysApi.ts';
import { useDrawnArea } from './useDrawnArea.ts';

export type QueryPlaceConditions = Pick<SavedQueryConditions, 'overlay' | 'within'>;

interface QueryPlaceProps {
  place: QueryPlaceConditions;
  onChange(place: QueryPlaceConditions): void;
}

export function QueryPlace({ place, onChange }: QueryPlaceProps) {
  const overlays = useSwitchableOverlays();
  const { overlay, within } = place;
  const chosen = overlays?.find((candidate) => candidate.name === overlay?.name);
  const byAttribute = chosen?.style.byAttribute;
  const whereValue = byAttribute && overlay?.where ? String(overlay.where[byAttribute.attribute] ?? '') : '';
  const hintId = useId();
  const area = useDrawnArea(useCallback((ring) => onChange({ ...place, within: { type: 'Polygon', coordinates: [ring] } }), [place, onChange]));
  // From the keyboard: 'Clear area' gives way to 'Draw area', which takes the focus it had.
  const drawButton = useRef<HTMLButtonElement>(null);
  const [cleared, setCleared] = useState(false);
  useEffect(() => {
    if (!cleared || within) return;
    drawButton.current?.focus();
    setCleared(false);
  }, [cleared, within]);
  return (
    <fieldset className="query-panel__condition query-panel__place">
      <legend>Where</legend>
      {overlays && overlays.length > 0 && (
        <>
          <select aria-label="Overlay" value={overlay?.name ?? ''} onChange={(event) => onChange({ ...place, overlay: event.target.value === '' ? undefined : { name: event.target.value, inside: overlay?.inside ?? true } })}>
            <option value="">Any overlay</option>
            {overlays.map((candidate) => (
              <option key={candidate.name} value={candidate.name}>
                {candidate.label}
              </option>
            ))}
          </select>
          {overlay && (
            <select aria-label="Inside or outside the overlay" value={overlay.inside === false ? 'outside' : 'inside'} onChange={(event) => onChange({ ...place, overlay: { ...overlay, inside: event.target.value === 'inside' } })}>
              <option value="inside">inside its features</option>
              <option value="outside">outside its features</option>
            </select>
          )}
          {overlay && byAttribute && (
            <select
              aria-label="Overlay features"
              value={whereValue}
              onChange={(event) => {
                const { where: _where, ...rest } = overlay;
                onChange({ ...place, overlay: event.target.value === '' ? rest : { ...rest, where: { [byAttribute.attribute]: event.target.value } } });
              }}
            >
              <option value="">all features</option>
              {Object.keys(byAttribute.colours).map((value) => (
                <option key={value} value={value}>
                  {byAttribute.attribute} {value}
                </option>
              ))}
            </select>
          )}
        </>
      )}
      {within ? (
        <>
          <span>Inside the drawn area</span>
          <button
            type="button"
            className="pm-button"
            onClick={() => {
              onChange({ ...place, within: undefined });
              setCleared(true);
            }}
          >
            Clear area
          </button>
        </>
      ) : (
        <button ref={drawButton} type="button" className="pm-button" aria-describedby={area.drawing ? hintId : undefined} disabled={area.drawing} onClick={area.draw}>
          Draw area
        </button>
      )}
      {area.drawing && (
        <p id={hintId} className="finder-panel__hint" role="status">
          Click the area&apos;s corners on the map; double-click or press Enter to close it, Escape to cancel.
        </p>
      )}
    </fieldset>
  );
}
