// The measure tools exist on the map while their palette is open; closing it removes them and their
// drawings. The palette's choices reach the tools as store events.
import { useEffect } from 'react';
import { addAppListener, useAppDispatch, useAppSelector } from '@parcel-map/shared';
import type { MapController } from '../../map/mapController.ts';
import { measureCleared, measureDrawingStopped, measureModeChosen, measurementUpdated, selectIsMeasureOpen } from './measureSlice.ts';

export function useMeasureTool(controller: MapController | null): void {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectIsMeasureOpen);
  useEffect(() => {
    if (!controller || !open) return;
    const tool = controller.addMeasureTool({
      measured: (measurement) => dispatch(measurementUpdated({ measurement })),
      stopped: () => dispatch(measureDrawingStopped()),
      modeKeyPressed: (mode) => dispatch(measureModeChosen({ mode })),
    });
    const unsubscribers = [
      dispatch(addAppListener({ actionCreator: measureModeChosen, effect: ({ payload }) => tool.start(payload.mode) })),
      dispatch(addAppListener({ actionCreator: measureCleared, effect: () => tool.clear() })),
    ];
    return () => {
      unsubscribers.forEach((unsubscribe) => unsubscribe());
      tool.remove();
    };
  }, [controller, open, dispatch]);
}
