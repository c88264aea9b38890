// GET /api/imagery: the imagery layers served now, each a base map choice ("Imagery — <label>") whose
// style the API serves at /styles/imagery-<name>.json. Asked for once per data version, as the
// overlays are, so an imagery layer imported, rolled back or removed shows at the map's next poll.
import { useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { selectIsSignedIn, selectRuntimeConfig, useAppSelector, type MapStyleConfig } from '@parcel-map/shared';
import { baseApi, imageryAnswerSchema, type Imagery } from '@parcel-map/shared/api';
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

/** Whether a base map id names an imagery layer's (known only once the imagery list has come). */
export function isImageryStyleId(styleId: string): boolean {
  return styleId.startsWith(IMAGERY_STYLE_ID_PREFIX);
}

const IMAGERY_NAME_PREFIX = 'Imagery — ';

/** What an imagery base map's menu entry calls its layer ("Orthophoto 2024"); another base map's name. */
export function imageryLabelOf(style: MapStyleConfig): string {
  return isImageryStyleId(style.id) && style.name.startsWith(IMAGERY_NAME_PREFIX) ? style.name.slice(IMAGERY_NAME_PREFIX.length) : style.name;
}

/** The base maps of the imagery layers served now, in the API's order; none until they are known. */
export function useImageryStyles(): MapStyleConfig[] {
  const signedIn = useAppSelector(selectIsSignedIn);
  const apiBaseUrl = useAppSelector(selectRuntimeConfig)?.apiBaseUrl;
  const { data: datasets } = useGetDatasetsQuery(signedIn ? undefined : skipToken);
  const { data: imagery } = imageryApi.useGetImageryQuery(datasets ? datasets.dataVersion : skipToken);
  return useMemo(
    () =>
      imagery && apiBaseUrl
        ? imagery.map(({ name, label }) => {
            const id = `${IMAGERY_STYLE_ID_PREFIX}${name}`;
            return { id, name: `${IMAGERY_NAME_PREFIX}${label}`, url: `${apiBaseUrl}/styles/${id}.json` };
          })
        : NO_STYLES,
    [imagery, apiBaseUrl],
  );
}
