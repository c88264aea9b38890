// An area for the query panel drawn with the measure tools' Measure Area (the map's one Draw): asked
// for, it starts the drawing, and the closed shape the user finishes is handed over; one cancelled,
// cleared or closed hands nothing over.
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '@parcel-map/shared';
import { measureModeChosen, selectMeasureMode, selectMeasurement } from '../measure/measureSlice.ts';

export function useDrawnArea(drawn: (ring: [number, number][]) => void): { drawing: boolean; draw(): void } {
  const dispatch = useAppDispatch();
  const mode = useAppSelector(selectMeasureMode);
  const measurement = useAppSelector(selectMeasurement);
  const [drawing, setDrawing] = useState(false);
  useEffect(() => {
    // Choosing the mode clears the last measurement, so a shape measured before is never taken.
    if (!drawing || mode !== null) return;
    setDrawing(false);
    if (measurement?.kind === 'area') drawn(measurement.ring);
  }, [drawing, mode, measurement, drawn]);
  return {
    drawing,
    draw() {
      dispatch(measureModeChosen({ mode: 'area' }));
      setDrawing(true);
    },
  };
}
