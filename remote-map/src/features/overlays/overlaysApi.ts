// GET /api/overlays (issue #23 §5): the county's other layers — flood zones, zoning districts,
// railroads — that the Overlays panel lists and the map draws. Asked for once per data version, so
// an overlay imported, rolled back or removed shows at the map's next poll of GET /api/datasets.
import { useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { selectIsSignedIn, useAppSelector } from '@parcel-map/shared';
import { baseApi, overlaysAnswerSchema, type Overlay } from '@parcel-map/shared/api';
import { useGetDatasetsQuery } from '../parcelSelection/parcelsApi.ts';

const overlaysApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The overlays served at this data version (the argument only keys the cache: a new version is a
     * new request). An answer that breaks the contract, or an API without overlays, lists none.
     */
    getOverlays: build.query<Overlay[], number>({
      async queryFn(_dataVersion, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({ path: '/api/overlays', requireAuth: true });
        const answer = result.error ? undefined : overlaysAnswerSchema.safeParse(result.data);
        return { data: answer?.success ? answer.data.overlays : [] };
      },
      keepUnusedDataFor: 3600,
    }),
  }),
});

/**
 * The overlays a user switches: every served one but base-map context (water, roads), which the
 * offline styles draw under the parcels. Undefined until the data version and the list are known.
 */
export function useSwitchableOverlays(): Overlay[] | undefined {
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data: datasets } = useGetDatasetsQuery(signedIn ? undefined : skipToken);
  const { data: overlays } = overlaysApi.useGetOverlaysQuery(datasets ? datasets.dataVersion : skipToken);
  return useMemo(() => overlays?.filter((overlay) => overlay.context === null), [overlays]);
}
