// Attribute queries (issue #42, parcelQueryContract.ts): the fields a query is built from, a page of
// the matching parcels with their exact count, the tiles of every match for the map, and the whole
// result's request, which wholeListApi.ts saves as CSV and reads for labels.
import {
  parcelQueryResponseSchema,
  queryFieldsResponseSchema,
  queryMatchesResponseSchema,
  type ParcelQueryBody,
  type ParcelQueryConditions,
  type ParcelQueryResponse,
  type QueryField,
  type QueryMatchesResponse,
} from '../parcels/parcelQueryContract.ts';
import { baseApi, type ApiQueryError } from './baseApi.ts';
import type { WholeListRequest } from './wholeListApi.ts';

const QUERY_PATH = '/api/parcels/query';
export const INVALID_QUERY_ANSWER_MESSAGE = 'Received invalid query data from the server.';
export type { ParcelQueryConditions } from '../parcels/parcelQueryContract.ts';

const invalid = (): { error: ApiQueryError } => ({ error: { message: INVALID_QUERY_ANSWER_MESSAGE } });

export const parcelQueryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getQueryFields: build.query<QueryField[], void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const answer = await baseQuery({ path: `${QUERY_PATH}/fields`, requireAuth: true });
        if (answer.error) return { error: answer.error as ApiQueryError };
        const parsed = queryFieldsResponseSchema.safeParse(answer.data);
        return parsed.success ? { data: parsed.data.fields } : invalid();
      },
    }),
    queryParcels: build.query<ParcelQueryResponse, ParcelQueryBody>({
      async queryFn(body, _api, _extraOptions, baseQuery) {
        const answer = await baseQuery({ path: QUERY_PATH, method: 'POST', body, requireAuth: true });
        if (answer.error) return { error: answer.error as ApiQueryError };
        const parsed = parcelQueryResponseSchema.safeParse(answer.data);
        return parsed.success ? { data: parsed.data } : invalid();
      },
    }),
    /** The tiles of every match (the API keeps the query under a key); asked again on each run, as the page is. */
    getQueryMatches: build.query<QueryMatchesResponse, ParcelQueryConditions>({
      async queryFn(conditions, _api, _extraOptions, baseQuery) {
        const answer = await baseQuery({ path: `${QUERY_PATH}/matches`, method: 'POST', body: conditions, requireAuth: true });
        if (answer.error) return { error: answer.error as ApiQueryError };
        const parsed = queryMatchesResponseSchema.safeParse(answer.data);
        return parsed.success ? { data: parsed.data } : invalid();
      },
    }),
  }),
});

export const { useGetQueryFieldsQuery, useQueryParcelsQuery, useGetQueryMatchesQuery } = parcelQueryApi;

/** A query's whole result, every match in the order asked: as CSV through wholeListApi.ts. */
export function wholeQueryRequest(body: ParcelQueryConditions & Pick<ParcelQueryBody, 'sort' | 'dir'>): WholeListRequest {
  return { path: QUERY_PATH, method: 'POST', body };
}
