// A whole list saved to disk as it arrives where the browser offers a save dialog that writes a
// stream (Chromium), else handed to the downloads whole; and read in full for the page's labels.
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTestStore, network, setupFakeNetwork, testConfig } from '../testing/storeTesting.tsx';
import { WHOLE_LIST_CUT_SHORT_MESSAGE, wholeListApi } from './wholeListApi.ts';

setupFakeNetwork();

const ROWS = 2_345;
const csv = (countLine: string) => `\uFEFFpin,owner\r\n${Array.from({ length: ROWS }, (_, i) => `P${i},"OWNER, ${i}"`).join('\r\n')}\r\n${countLine}`;

/** The list's API: its body as CSV, in chunks, as a stream arrives. */
function serveList(body: string): { accepts: (string | null)[] } {
  const accepts: (string | null)[] = [];
  network.use(
    http.get(`${testConfig.apiBaseUrl}/api/parcels/P1/nearby`, ({ request }) => {
      accepts.push(request.headers.get('Accept'));
      const bytes = new TextEncoder().encode(body);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 1000) controller.enqueue(bytes.slice(at, at + 1000));
          controller.close();
        },
      });
      return new HttpResponse(stream, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
    }),
  );
  return { accepts };
}

const request = { path: '/api/parcels/P1/nearby?distance_ft=5280' };

/** Chromium's save dialog, writing what it is given to `written`. */
function fakeSaveDialog() {
  const written: Uint8Array[] = [];
  const suggested: string[] = [];
  const showSaveFilePicker = vi.fn(async ({ suggestedName }: { suggestedName: string }) => {
    suggested.push(suggestedName);
    return { createWritable: async () => new WritableStream<Uint8Array>({ write: (chunk) => void written.push(chunk) }) };
  });
  vi.stubGlobal('showSaveFilePicker', showSaveFilePicker);
  return { written, suggested, text: () => new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(written.flatMap((chunk) => [...chunk]))) };
}

afterEach(() => vi.unstubAllGlobals());

describe('saving a whole list', () => {
  it('streams it to the file the save dialog gives, never holding it in the page, and reads its count from its last line', async () => {
    const { accepts } = serveList(csv(`# ${ROWS} rows\r\n`));
    const dialog = fakeSaveDialog();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:list');
    const store = makeTestStore();
    const saved = await store.dispatch(wholeListApi.endpoints.saveWholeList.initiate({ request, name: 'nearby' })).unwrap();
    expect(saved).toEqual({ rows: ROWS });
    expect(accepts).toEqual(['text/csv']);
    expect(dialog.suggested[0]).toMatch(/^nearby-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(dialog.written.length).toBeGreaterThan(1);
    expect(dialog.text()).toBe(csv(`# ${ROWS} rows\r\n`));
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('says a file without its count line was cut short, and saves nothing when the dialog is closed', async () => {
    serveList(csv(''));
    fakeSaveDialog();
    const store = makeTestStore();
    expect(await store.dispatch(wholeListApi.endpoints.saveWholeList.initiate({ request, name: 'nearby' })).unwrap()).toEqual({ rows: null });

    const { accepts } = serveList(csv(`# ${ROWS} rows\r\n`));
    vi.stubGlobal('showSaveFilePicker', vi.fn(async () => Promise.reject(new DOMException('closed', 'AbortError'))));
    expect(await store.dispatch(wholeListApi.endpoints.saveWholeList.initiate({ request, name: 'nearby' })).unwrap()).toBeNull();
    expect(accepts).toEqual([]);
  });

  it('hands the whole file to the downloads where the browser has no such dialog', async () => {
    serveList(csv(`# ${ROWS} rows\r\n`));
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:list');
    const store = makeTestStore();
    expect(await store.dispatch(wholeListApi.endpoints.saveWholeList.initiate({ request, name: 'nearby' })).unwrap()).toEqual({ rows: ROWS });
    expect(URL.createObjectURL).toHaveBeenCalledOnce();
  });
});

describe('reading a whole list', () => {
  it('reads every row with its header, quoted cells as written', async () => {
    serveList(csv(`# ${ROWS} rows\r\n`));
    const store = makeTestStore();
    const list = await store.dispatch(wholeListApi.endpoints.readWholeList.initiate(request)).unwrap();
    expect(list.header).toEqual(['pin', 'owner']);
    expect(list.rows).toHaveLength(ROWS);
    expect(list.rows.at(-1)).toEqual([`P${ROWS - 1}`, `OWNER, ${ROWS - 1}`]);
  });

  it('refuses a list cut short rather than make labels of part of it', async () => {
    serveList(csv(''));
    const store = makeTestStore();
    await expect(store.dispatch(wholeListApi.endpoints.readWholeList.initiate(request)).unwrap()).rejects.toEqual({ message: WHOLE_LIST_CUT_SHORT_MESSAGE });
  });
});
