// SPEC §2 search box: lives as long as the map; a chosen parcel is selected.
import { useEffect } from 'react';
import { useAppDispatch } from '@parcel-map/shared';
import type { MapController } from '../../map/mapController.ts';
import { parcelsApi } from '../parcelSelection/parcelsApi.ts';
import { parcelPicked } from '../parcelSelection/parcelSelectionSlice.ts';
import { allResultsRequested } from './parcelFinderSlice.ts';

export function useSearchControl(controller: MapController | null): void {
  const dispatch = useAppDispatch();
  useEffect(
    () =>
      controller?.addSearchControl({
        searchParcels: (q) => dispatch(parcelsApi.endpoints.searchParcels.initiate({ q }, { subscribe: false })).unwrap(),
        parcelChosen: (pin) => dispatch(parcelPicked({ pin })),
        allResultsRequested: (q) => dispatch(allResultsRequested({ q })),
      }),
    [controller, dispatch],
  );
}
