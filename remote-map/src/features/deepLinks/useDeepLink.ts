// Keeps the URL and the map screen in step: selecting a parcel pushes a history entry (so back and
// forward move between selections), camera moves replace the current one. Uses the router the
// screen runs in: the host's, or mount()'s memory router.
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { addAppListener, useAppDispatch, useAppSelector } from '@parcel-map/shared';
import type { MapController } from '../../map/mapController.ts';
import { centreTarget } from '../../map/centreTarget.ts';
import { parcelPicked, selectSelectedPin } from '../parcelSelection/parcelSelectionSlice.ts';
import { parcelsApi } from '../parcelSelection/parcelsApi.ts';
import { selectMapCenter, selectMapZoom } from '../mapView/mapViewSlice.ts';
import { MAP_VIEW_DEFAULTS } from '../../map/mapDefaults.ts';
import { formatView, parsePin, parseView, PIN_PARAM, VIEW_PARAM } from './deepLinkParams.ts';

const DEFAULT_VIEW_TEXT = formatView(MAP_VIEW_DEFAULTS);

export function useDeepLink(controller: MapController | null): void {
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const selectedPin = useAppSelector(selectSelectedPin);
  const center = useAppSelector(selectMapCenter);
  const zoom = useAppSelector(selectMapZoom);
  const urlPin = parsePin(params.get(PIN_PARAM));
  const urlViewText = params.get(VIEW_PARAM);

  // URL → store: on arrival and on back/forward.
  const appliedUrlPin = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (appliedUrlPin.current === urlPin) return;
    appliedUrlPin.current = urlPin;
    if (urlPin !== selectedPin) dispatch(parcelPicked({ pin: urlPin }));
    // selectedPin is read, not followed: this effect answers URL changes only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlPin, dispatch]);

  // A link with a PIN and no view centres on the parcel once its details arrive.
  const centreOnArrival = useRef(urlPin !== null && parseView(urlViewText) === null ? urlPin : null);
  useEffect(() => {
    if (!controller || !centreOnArrival.current) return;
    const wanted = centreOnArrival.current;
    const centre = (details: { geometry: Parameters<typeof centreTarget>[0]; centroid: { lng: number; lat: number } }) => {
      centreOnArrival.current = null;
      controller.centreOn(centreTarget(details.geometry, details.centroid));
    };
    const cached = parcelsApi.endpoints.getParcel.select(wanted);
    return dispatch(
      addAppListener({
        predicate: (action, state) => parcelsApi.endpoints.getParcel.matchFulfilled(action) || Boolean(cached(state as never).data),
        effect: (_action, api) => {
          const data = cached(api.getState() as never).data;
          if (data && centreOnArrival.current === wanted) centre(data);
        },
      }),
    );
  }, [controller, dispatch]);

  // URL → camera: on arrival and on back/forward.
  const appliedUrlView = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!controller || appliedUrlView.current === urlViewText) return;
    appliedUrlView.current = urlViewText;
    const view = parseView(urlViewText);
    if (view && formatView(view) !== formatView({ ...center, zoom })) controller.jumpTo(view);
    // center and zoom are compared, not followed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, urlViewText]);

  // Store → URL: a new selection is a new history entry.
  const lastSelectedPin = useRef(selectedPin);
  useEffect(() => {
    if (lastSelectedPin.current === selectedPin) return;
    lastSelectedPin.current = selectedPin;
    if (selectedPin === urlPin) return;
    appliedUrlPin.current = selectedPin;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (selectedPin) next.set(PIN_PARAM, selectedPin);
        else next.delete(PIN_PARAM);
        return next;
      },
      { replace: false },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedPin]);

  // Camera → URL: replaces the entry, so moving around does not fill the history. The camera the
  // store held when the map appeared is the default, not a view of the user's: it is not written.
  const cameraAtStart = useRef<{ center: typeof center; zoom: number } | null>(null);
  useEffect(() => {
    if (!controller) return;
    cameraAtStart.current ??= { center, zoom };
    if (cameraAtStart.current.center === center && cameraAtStart.current.zoom === zoom) return;
    const text = formatView({ ...center, zoom });
    // The opening view needs no parameter: a plain '/' stays plain until the user moves the map.
    if (text === urlViewText || (urlViewText === null && text === DEFAULT_VIEW_TEXT)) return;
    appliedUrlView.current = text;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(VIEW_PARAM, text);
        return next;
      },
      { replace: true },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, center, zoom]);
}
