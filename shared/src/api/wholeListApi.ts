// A whole list of parcels as the API writes it — an attribute query's result, a nearby list: CSV with
// its count line last (QUERY_CSV_COUNT_LINE) — saved to a file, or read for the page's own use
// (mailing labels). The request is the list's own (its path and body) asked with `Accept: text/csv`.
import { datedFileName, parseCsvRecords } from '../files/csvFile.ts';
import { downloadFile } from '../files/downloadFile.ts';
import { QUERY_CSV_COUNT_LINE, QUERY_CSV_TYPE } from '../parcels/parcelQueryContract.ts';
import { baseApi, type ApiQueryArgs, type ApiQueryError } from './baseApi.ts';

export type WholeListRequest = Pick<ApiQueryArgs, 'path' | 'method' | 'body'>;

/** A whole list comes as fast as the API reads it: 100,000 rows take seconds, longer than one answer's 60 s on a slow link. */
const WHOLE_LIST_TIMEOUT_MS = 10 * 60_000;
/** The end of a file kept while it streams to disk: enough for its count line. */
const TAIL_BYTES = 64;
export const WHOLE_LIST_CUT_SHORT_MESSAGE = 'The list came cut short (the data changed or the connection dropped). Try again.';

export interface SavedWholeList {
  /** The rows the file says it holds; null when it lacks its count line (cut short). */
  rows: number | null;
}

/** A whole list read in full: its header and rows (the count line checked and left out). */
export interface WholeListRows {
  header: string[];
  rows: string[][];
}

/** What Chromium offers to write a file as it arrives (the File System Access API); not in TypeScript's DOM types. */
interface SaveFilePicker {
  showSaveFilePicker?: (options: { suggestedName: string; types: { description: string; accept: Record<string, string[]> }[] }) => Promise<{
    createWritable(): Promise<WritableStream<Uint8Array>>;
  }>;
}

/** The rows a whole list's text says it holds: its last line's count. */
function countOf(text: string): number | null {
  const count = QUERY_CSV_COUNT_LINE.exec(text.trimEnd().split('\r\n').at(-1) ?? '');
  return count ? Number(count[1]) : null;
}

/** Passes the file's bytes on and keeps its last few, for its count line. */
function countingTail(): { stream: TransformStream<Uint8Array, Uint8Array>; rows: () => number | null } {
  let tail = new Uint8Array(0);
  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      controller.enqueue(chunk);
      const joined = new Uint8Array(tail.length + chunk.length);
      joined.set(tail);
      joined.set(chunk, tail.length);
      tail = joined.slice(-TAIL_BYTES);
    },
  });
  return { stream, rows: () => countOf(new TextDecoder().decode(tail)) };
}

const csvRequest = (request: WholeListRequest, readBody: (response: Response) => Promise<unknown>): ApiQueryArgs => ({
  ...request,
  accept: QUERY_CSV_TYPE,
  requireAuth: true,
  timeoutMs: WHOLE_LIST_TIMEOUT_MS,
  readBody,
});

export const wholeListApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Saves the list as `name-YYYY-MM-DD.csv`. Where the browser can write a file as it arrives
     * (Chromium's save dialog), the rows go to disk as they come and the page never holds the file;
     * elsewhere (Firefox, Safari: no such API, and a download the page starts must be a whole Blob)
     * it is read whole, then handed to the downloads. null when the user closed the save dialog.
     */
    saveWholeList: build.mutation<SavedWholeList | null, { request: WholeListRequest; name: string }>({
      async queryFn({ request, name }, _api, _extraOptions, baseQuery) {
        const fileName = datedFileName(name, 'csv');
        const picker = (globalThis as SaveFilePicker).showSaveFilePicker;
        let file: WritableStream<Uint8Array> | undefined;
        if (picker) {
          try {
            file = await (await picker({ suggestedName: fileName, types: [{ description: 'CSV file', accept: { [QUERY_CSV_TYPE]: ['.csv'] } }] })).createWritable();
          } catch (error) {
            if (error instanceof DOMException && error.name === 'AbortError') return { data: null };
            return { error: { message: error instanceof Error ? error.message : String(error) } };
          }
        }
        const answer = await baseQuery(
          csvRequest(request, async (response): Promise<SavedWholeList> => {
            if (file && response.body) {
              const tail = countingTail();
              await response.body.pipeThrough(tail.stream).pipeTo(file);
              return { rows: tail.rows() };
            }
            const text = await response.text();
            downloadFile(fileName, `${QUERY_CSV_TYPE};charset=utf-8`, text);
            return { rows: countOf(text) };
          }),
        );
        if (answer.error) {
          await file?.abort().catch(() => undefined);
          return { error: answer.error as ApiQueryError };
        }
        return { data: answer.data as SavedWholeList };
      },
    }),
    /** Reads the whole list for the page (its labels); a list without its count line, or with fewer rows than it says, is an error. */
    readWholeList: build.mutation<WholeListRows, WholeListRequest>({
      async queryFn(request, _api, _extraOptions, baseQuery) {
        const answer = await baseQuery(csvRequest(request, (response) => response.text()));
        if (answer.error) return { error: answer.error as ApiQueryError };
        const text = answer.data as string;
        const count = countOf(text);
        const [header = [], ...rows] = parseCsvRecords(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
        rows.pop();
        if (count === null || rows.length !== count) return { error: { message: WHOLE_LIST_CUT_SHORT_MESSAGE } };
        return { data: { header, rows } };
      },
    }),
  }),
});

export const { useSaveWholeListMutation, useReadWholeListMutation } = wholeListApi;
