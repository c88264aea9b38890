// SPEC §2 search box: lives as long as the map; a chosen parcel is selected, and closing that
// parcel's panel empties the box (issue #25: it kept showing a parcel no longer selected).
import { useEffect, type RefObject } from 'react';
import { addAppListener, useAppDispatch } from '@parcel-map/shared';
import type { MapController } from '../../map/mapController.ts';
import { parcelsApi } from '../parcelSelection/parcelsApi.ts';
import { parcelPanelFocusRequested, parcelPicked, selectSelectedPin } from '../parcelSelection/parcelSelectionSlice.ts';
import { allResultsRequested } from './parcelFinderSlice.ts';

/** The box goes into `slotRef`'s element, which the screen places where Tab should reach it. */
export function useSearchControl(controller: MapController | null, slotRef: RefObject<HTMLElement | null>): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const slot = slotRef.current;
    if (!controller || !slot) return;
    const box = controller.addSearchControl(slot, {
      searchParcels: (q) => dispatch(parcelsApi.endpoints.searchParcels.initiate({ q }, { subscribe: false })).unwrap(),
      parcelChosen: (pin) => {
        dispatch(parcelPicked({ pin }));
        dispatch(parcelPanelFocusRequested());
      },
      allResultsRequested: (q) => dispatch(allResultsRequested({ q })),
    });
    const stopListening = dispatch(
      addAppListener({
        predicate: (_action, current, previous) => selectSelectedPin(previous) !== null && selectSelectedPin(current) === null,
        effect: () => box.clearChosenParcel(),
      }),
    );
    return () => {
      stopListening();
      box.remove();
    };
  }, [controller, dispatch, slotRef]);
}
