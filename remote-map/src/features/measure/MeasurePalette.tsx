// SPEC §2 measure palette: Measure Distance, Measure Area, Clear Measurement, Close, with the live readout.
import { useAppDispatch, useAppSelector } from '@parcel-map/shared';
import { measureCleared, measureClosed, measureModeChosen, selectIsMeasureOpen, selectMeasureMode, selectMeasurement } from './measureSlice.ts';
import { measurementSummary } from './measure.ts';
import { nearbyAreaRequested } from '../search/parcelFinderSlice.ts';
import './measurePalette.css';

export function MeasurePalette() {
  const dispatch = useAppDispatch();
  const isOpen = useAppSelector(selectIsMeasureOpen);
  const mode = useAppSelector(selectMeasureMode);
  const measurement = useAppSelector(selectMeasurement);
  if (!isOpen) return null;
  const summary = measurement ? measurementSummary(measurement) : null;
  const hint =
    mode === 'distance'
      ? 'Click to add points; double-click or press Enter to finish, Escape to cancel.'
      : mode === 'area'
        ? 'Click to add corners; double-click or press Enter to close the shape, Escape to cancel.'
        : 'Choose what to measure.';

  return (
    <section className="measure-palette" aria-label="Measure">
      <div className="measure-palette__buttons">
        <button type="button" className="pm-button measure-palette__button" aria-pressed={mode === 'distance'} onClick={() => dispatch(measureModeChosen({ mode: 'distance' }))}>
          Measure Distance
        </button>
        <button type="button" className="pm-button measure-palette__button" aria-pressed={mode === 'area'} onClick={() => dispatch(measureModeChosen({ mode: 'area' }))}>
          Measure Area
        </button>
        <button type="button" className="pm-button measure-palette__button" onClick={() => dispatch(measureCleared())}>
          Clear Measurement
        </button>
        <button type="button" className="pm-button measure-palette__button" onClick={() => dispatch(measureClosed())}>
          Close
        </button>
      </div>
      <p className="measure-palette__hint">{hint}</p>
      <div className="measure-palette__readout" role="status" aria-live="polite" data-testid="measure-readout">
        {summary && (
          <>
            <p className="measure-palette__total">{summary.total}</p>
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
      {/* A finished area (not the shape still following the cursor) can be the subject of a nearby list. */}
      {measurement?.kind === 'area' && mode === null && (
        <button type="button" className="pm-button measure-palette__button" onClick={() => dispatch(nearbyAreaRequested({ ring: measurement.ring }))}>
          Nearby parcels
        </button>
      )}
    </section>
  );
}
