// SPEC §2 measure palette: Measure Distance, Measure Area, Clear Measurement, Close, with the live
// readout; Mark Point and 'Save as markup' keep what was drawn (issue #25).
import { markupSaveRequested, selectMeasureUnits, useAppDispatch, useAppSelector } from '@parcel-map/shared';
import { measureCleared, measureClosed, measureModeChosen, selectIsMeasureOpen, selectMeasureMode, selectMeasurement, type MeasureMode } from './measureSlice.ts';
import { measurementGeometry, measurementSummary } from '@parcel-map/shared/measure';
import { MEASURE_COLOR } from './measureColor.ts';
import { nearbyAreaRequested } from '../search/parcelFinderSlice.ts';
import './measurePalette.css';

const HINTS: Record<MeasureMode | 'none', string> = {
  distance: 'Click to add points; double-click or press Enter to finish, Escape to cancel.',
  area: 'Click to add corners; double-click or press Enter to close the shape, Escape to cancel.',
  point: 'Click the map to mark a point, Escape to cancel.',
  none: 'Choose what to measure.',
};

const MODE_BUTTONS: [MeasureMode, string][] = [
  ['distance', 'Measure Distance'],
  ['area', 'Measure Area'],
  ['point', 'Mark Point'],
];

export function MeasurePalette() {
  const dispatch = useAppDispatch();
  const isOpen = useAppSelector(selectIsMeasureOpen);
  const mode = useAppSelector(selectMeasureMode);
  const measurement = useAppSelector(selectMeasurement);
  const units = useAppSelector(selectMeasureUnits);
  if (!isOpen) return null;
  const summary = measurement ? measurementSummary(measurement, units) : null;
  // A finished shape (not the one still following the cursor) can be kept or searched around.
  const finished = mode === null ? measurement : null;

  return (
    <section className="measure-palette" aria-label="Measure">
      <div className="measure-palette__buttons">
        {MODE_BUTTONS.map(([buttonMode, label]) => (
          <button
            key={buttonMode}
            type="button"
            className="pm-button measure-palette__button"
            aria-pressed={mode === buttonMode}
            onClick={() => dispatch(measureModeChosen({ mode: buttonMode }))}
          >
            {label}
          </button>
        ))}
        <button type="button" className="pm-button measure-palette__button" onClick={() => dispatch(measureCleared())}>
          Clear Measurement
        </button>
        <button type="button" className="pm-button measure-palette__button" onClick={() => dispatch(measureClosed())}>
          Close
        </button>
      </div>
      <p className="measure-palette__hint">{HINTS[mode ?? 'none']}</p>
      <div className="measure-palette__readout" role="status" aria-live="polite" data-testid="measure-readout">
        {summary && (
          <>
            <p className="measure-palette__total">
              {/* The measurement's colour on the map, so the readout is read as that shape's. */}
              <span className="measure-palette__swatch" data-testid="measure-swatch" style={{ background: MEASURE_COLOR }} aria-hidden="true" />
              {summary.total}
            </p>
            {summary.segments.length > 1 && (
              <ol className="measure-palette__segments" aria-label="Segment lengths">
                {summary.segments.map((segment, index) => (
                  <li key={index}>{segment}</li>
                ))}
              </ol>
            )}
          </>
        )}
      </div>
      {finished && summary && (
        <div className="measure-palette__buttons measure-palette__after">
          <button
            type="button"
            className="pm-button measure-palette__button"
            onClick={() => dispatch(markupSaveRequested({ geometry: measurementGeometry(finished), summary: summary.total }))}
          >
            Save as markup
          </button>
          {finished.kind === 'area' && (
            <button type="button" className="pm-button measure-palette__button" onClick={() => dispatch(nearbyAreaRequested({ ring: finished.ring }))}>
              Nearby parcels
            </button>
          )}
        </div>
      )}
    </section>
  );
}
