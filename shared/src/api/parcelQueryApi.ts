// Attribute queries (issue #42, parcelQueryContract.ts): the fields a query is built from, a page of
// the matching parcels with their exact count, the pins of the matches for the map, and the whole
// result downloaded as CSV.
import { datedFileName } from '../files/csvFile.ts';
import { downloadFile } from '../files/downloadFile.ts';
import {
  parcelQueryResponseSchema,
  QUERY_CSV_COUNT_LINE,
  QUERY_CSV_TYPE,
  QUERY_MAX_LIMIT,
  queryFieldsResponseSchema,
  type ParcelQueryBody,
  type ParcelQueryResponse,
  type QueryField,
} from '../parcels/parcelQueryContract.ts';
import { baseApi, type ApiQueryError } from './baseApi.ts';

const QUERY_PATH = '/api/parcels/query';
export const INVALID_QUERY_ANSWER_MESSAGE = 'Received invalid query data from the server.';
/**
 * The matches the map highlights at most: their pins come a page of QUERY_MAX_LIMIT at a time, as the
 * contract has no answer of pins alone.
 */
export const QUERY_HIGHLIGHT_MAX = 2000;

/** A query's conditions: what it matches, whatever page or order is shown. */
export type ParcelQueryConditions = Omit<ParcelQueryBody, 'limit' | 'offset' | 'sort' | 'dir'>;

export interface QueryMatchPins {
  pins: string[];
  /** How many parcels match in all: more than `pins` holds when it reached QUERY_HIGHLIGHT_MAX. */
  total: number;
}

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
    getQueryMatchPins: build.query<QueryMatchPins, ParcelQueryConditions>({
      async queryFn(conditions, _api, _extraOptions, baseQuery) {
        const pins: string[] = [];
        let total: number;
        do {
          const answer = await baseQuery({ path: QUERY_PATH, method: 'POST', body: { ...conditions, limit: QUERY_MAX_LIMIT, offset: pins.length }, requireAuth: true });
          if (answer.error) return { error: answer.error as ApiQueryError };
          const parsed = parcelQueryResponseSchema.safeParse(answer.data);
          if (!parsed.success) return invalid();
          pins.push(...parsed.data.results.map((result) => result.pin));
          total = parsed.data.total;
          if (parsed.data.results.length === 0) break;
        } while (pins.length < Math.min(total, QUERY_HIGHLIGHT_MAX));
        return { data: { pins: pins.slice(0, QUERY_HIGHLIGHT_MAX), total } };
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

export const { useGetQueryFieldsQuery, useQueryParcelsQuery, useGetQueryMatchPinsQuery, useDownloadQueryCsvMutation } = parcelQueryApi;
