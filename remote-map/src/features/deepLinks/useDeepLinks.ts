// Keeps the map screen's URL and the screen in step: the writer (a store listener) puts selections
// and settled views into the URL; the reader applies the URL the screen opens with and each
// back/forward step. Uses the router the screen runs in: the host's, or mount()'s memory router.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { NavigationType, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { addAppListener, selectRuntimeConfig, useAppDispatch, useAppSelector } from '@parcel-map/shared';
import type { MapController } from '../../map/mapController.ts';
import { centreTarget } from '../../map/centreTarget.ts';
import { parcelPicked } from '../parcelSelection/parcelSelectionSlice.ts';
import { mapOverlaysRestored, overlayLayersRestored } from '../mapView/mapViewSlice.ts';
import { selectCachedParcel } from '../parcelSelection/parcelsApi.ts';
import { isImageryStyleId, useImageryStyles } from '../imagery/imageryApi.ts';
import { readDeepLink } from './deepLinkParams.ts';
import { deepLinkWriter } from './deepLinkWriter.ts';

export function useDeepLinks(controller: MapController | null): void {
  useDeepLinkWriter();
  useDeepLinkReader(controller);
}

function useDeepLinkWriter() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();
  // The router's URL, or the writer's own newer one: two events can come before the router renders
  // the first write, and the second must build on it.
  const latestSearch = useRef(search);
  useLayoutEffect(() => {
    latestSearch.current = search;
  }, [search]);

  useEffect(
    () =>
      dispatch(
        deepLinkWriter({
          search: () => latestSearch.current,
          navigate: (next, { replace }) => {
            latestSearch.current = next;
            void navigate({ search: next }, { replace });
          },
        }),
      ),
    [dispatch, navigate],
  );
}

function useDeepLinkReader(controller: MapController | null) {
  const dispatch = useAppDispatch();
  const { key, search } = useLocation();
  const navigationType = useNavigationType();
  // Only the entry the screen opened on and back/forward steps are read: what the writer wrote
  // matches the screen already.
  const [opening] = useState(() => ({ key, link: readDeepLink(search) }));
  const read = key === opening.key || navigationType === NavigationType.Pop;
  const link = useMemo(() => (read ? readDeepLink(search) : null), [read, search]);

  useEffect(() => {
    if (link) dispatch(parcelPicked({ pin: link.pin }));
  }, [link, dispatch]);

  useEffect(() => {
    if (controller && link?.view) controller.jumpTo(link.view);
  }, [controller, link]);

  // A shared link's base map and overlays (issue #25).
  useEffect(() => {
    if (link?.overlays) dispatch(mapOverlaysRestored({ overlays: link.overlays }));
  }, [link, dispatch]);
  // The county's overlay layers (issue #23 §5): a URL without them has none on.
  useEffect(() => {
    if (link) dispatch(overlayLayersRestored({ names: link.overlayLayers ?? [] }));
  }, [link, dispatch]);
  // The map opens on the default base map: only another one is loaded. An imagery layer's is loaded
  // once the imagery list has come and names it (the map screen hands the list to the map first).
  const defaultStyleId = useAppSelector(selectRuntimeConfig)?.map.defaultStyleId;
  const imageryStyles = useImageryStyles();
  const linkStyle = link?.style;
  const awaitsImagery = !!linkStyle && isImageryStyleId(linkStyle) && !imageryStyles.some((style) => style.id === linkStyle);
  useEffect(() => {
    if (controller && link?.style && link.style !== defaultStyleId && !awaitsImagery) controller.setStyle(link.style);
  }, [controller, link, defaultStyleId, awaitsImagery]);

  // A link with a pin and no view centres on the parcel once its details arrive.
  const centreOnPin = opening.link.view ? null : opening.link.pin;
  useEffect(() => {
    if (!controller || !centreOnPin) return;
    return dispatch(
      addAppListener({
        predicate: (_action, state) => selectCachedParcel(state, centreOnPin) !== undefined,
        effect: (_action, api) => {
          const details = selectCachedParcel(api.getState(), centreOnPin);
          if (!details) return;
          api.unsubscribe();
          controller.centreOn(centreTarget(details.geometry, details.centroid));
        },
      }),
    );
  }, [controller, centreOnPin, dispatch]);
}
