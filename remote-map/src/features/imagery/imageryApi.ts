// GET /api/imagery: the imagery layers served now, each a base map choice ("Imagery — <label>") whose
// style the API serves at /styles/imagery-<name>.json, and with two or more, one of them all
// ("Imagery — newest available", /styles/imagery.json: the newest on top wherever several cover the view). Asked for once per data version, as the
// overlays are, so an imagery layer imported, rolled back or removed shows at the map's next poll.
import { useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { selectIsSignedIn, selectRuntimeConfig, useAppSelector, type MapStyleConfig } from '@parcel-map/shared';
import { baseApi, imageryAnswerSchema, NEWEST_IMAGERY_LABEL, NEWEST_IMAGERY_STYLE_ID, type Imagery } from '@parcel-map/shared/api';
import { useGetDatasetsQuery } from '../parcelSelection/parcelsApi.ts';

const imageryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The imagery served at this data version (the argument only keys the cache). An answer that
     * breaks the contract, or an API without imagery, lists none: the base map menu stays as configured.
     */
    getImagery: build.query<Imagery[], number>({
      async queryFn(_dataVersion, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({ path: '/api/imagery' });
        const answer = result.error ? undefined : imageryAnswerSchema.safeParse(result.data);
        return { data: answer?.success ? answer.data.imagery : [] };
      },
      keepUnusedDataFor: 3600,
    }),
  }),
});

const NO_STYLES: MapStyleConfig[] = [];
const IMAGERY_STYLE_ID_PREFIX = 'imagery-';

/** Whether a base map id names an imagery style (known only once the imagery list has come). */
export function isImageryStyleId(styleId: string): boolean {
  return styleId === NEWEST_IMAGERY_STYLE_ID || styleId.startsWith(IMAGERY_STYLE_ID_PREFIX);
}

const IMAGERY_NAME_PREFIX = 'Imagery — ';

/** What an imagery base map's menu entry calls its layer ("Orthophoto 2024"); another base map's name. */
export function imageryLabelOf(style: MapStyleConfig): string {
  return isImageryStyleId(style.id) && style.name.startsWith(IMAGERY_NAME_PREFIX) ? style.name.slice(IMAGERY_NAME_PREFIX.length) : style.name;
}

/** The base maps of the imagery served now: all of it first when there are several, then each layer in the API's order; none until known. */
export function useImageryStyles(): MapStyleConfig[] {
  const signedIn = useAppSelector(selectIsSignedIn);
  const apiBaseUrl = useAppSelector(selectRuntimeConfig)?.apiBaseUrl;
  const { data: datasets } = useGetDatasetsQuery(signedIn ? undefined : skipToken);
  const { data: imagery } = imageryApi.useGetImageryQuery(datasets ? datasets.dataVersion : skipToken);
  return useMemo(() => {
    if (!imagery || !apiBaseUrl) return NO_STYLES;
    const style = (id: string, label: string): MapStyleConfig => ({ id, name: `${IMAGERY_NAME_PREFIX}${label}`, url: `${apiBaseUrl}/styles/${id}.json` });
    return [
      ...(imagery.length > 1 ? [style(NEWEST_IMAGERY_STYLE_ID, NEWEST_IMAGERY_LABEL)] : []),
      ...imagery.map(({ name, label }) => style(`${IMAGERY_STYLE_ID_PREFIX}${name}`, label)),
    ];
  }, [imagery, apiBaseUrl]);
}
