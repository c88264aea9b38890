// Attribute queries (issue #42, parcelQueryContract.ts): the fields a query is built from, a page of
// the matching parcels with their exact count, the tiles of every match for the map, and the whole
// result downloaded as CSV.
import { datedFileName } from '../files/csvFile.ts';
import { downloadFile } from '../files/downloadFile.ts';
import {
  parcelQueryResponseSchema,
  QUERY_CSV_COUNT_LINE,
  QUERY_CSV_TYPE,
  queryFieldsResponseSchema,
  queryMatchesResponseSchema,
  type ParcelQueryBody,
  type ParcelQueryConditions,
  type ParcelQueryResponse,
  type QueryField,
  type QueryMatchesResponse,
} from '../parcels/parcelQueryContract.ts';
import { baseApi, type ApiQueryError } from './baseApi.ts';

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
    /**
     * Downloads the whole result as the API writes it (the file, not the store, keeps it); `rows` from
     * its count line, null when the file was cut short.
     */
    downloadQueryCsv: build.mutation<{ rows: number | null }, ParcelQueryConditions & Pick<ParcelQueryBody, 'sort' | 'dir'>>({
      async queryFn(body, _api, _extraOptions, baseQuery) {
        const answer = await baseQuery({ path: QUERY_PATH, method: 'POST', body, accept: QUERY_CSV_TYPE, requireAuth: true });
        if (answer.error) return { error: answer.error as ApiQueryError };
        if (typeof answer.data !== 'string') return invalid();
        const lastLine = answer.data.trimEnd().split('\r\n').at(-1) ?? '';
        const count = QUERY_CSV_COUNT_LINE.exec(lastLine);
        downloadFile(datedFileName('parcel-query', 'csv'), `${QUERY_CSV_TYPE};charset=utf-8`, answer.data);
        return { data: { rows: count ? Number(count[1]) : null } };
      },
    }),
  }),
});

export const { useGetQueryFieldsQuery, useQueryParcelsQuery, useGetQueryMatchesQuery, useDownloadQueryCsvMutation } = parcelQueryApi;
