// Keeps the open map on the data being served: it asks GET /api/datasets every
// DATASETS_POLL_SECONDS, hands the data version to the map (parcel tile URLs carry it, so a publish
// redraws the parcels), and when the version moves on forgets the cached parcel details so the
// selected parcel's panel reloads. The first answer also brings the initial view an administrator
// set on the Data page, which a plain '/' opens at.
import { useEffect, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useLocation } from 'react-router-dom';
import { selectIsSignedIn, useAppDispatch, useAppSelector } from '@parcel-map/shared';
import type { MapController } from '../../map/mapController.ts';
import { readDeepLink } from '../deepLinks/deepLinkParams.ts';
import { clearParcelCache } from '../parcelSelection/parcelCache.ts';
import { DATASETS_POLL_SECONDS, parcelsApi, useGetDatasetsQuery } from '../parcelSelection/parcelsApi.ts';

export function useDataVersion(controller: MapController | null): void {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data } = useGetDatasetsQuery(signedIn ? undefined : skipToken, { pollingInterval: DATASETS_POLL_SECONDS * 1000, skipPollingIfUnfocused: false });
  const { search } = useLocation();
  // A link that says what to show wins over the administrator's initial view.
  const [openedOnLink] = useState(() => {
    const link = readDeepLink(search);
    return link.pin !== null || link.view !== null;
  });
  const initialViewShown = useRef(false);
  const versionSeen = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (data) controller?.draw('parcels', { dataVersion: data.dataVersion });
  }, [controller, data]);

  useEffect(() => {
    if (!controller || !data || initialViewShown.current) return;
    initialViewShown.current = true;
    if (data.initialView && !openedOnLink) controller.showBounds(data.initialView.bounds);
  }, [controller, data, openedOnLink]);

  useEffect(() => {
    if (!data) return;
    const previous = versionSeen.current;
    versionSeen.current = data.dataVersion;
    if (previous === undefined || previous === data.dataVersion) return;
    clearParcelCache();
    dispatch(parcelsApi.util.invalidateTags(['Parcel']));
  }, [data, dispatch]);
}
