// A CSV file streamed to the client as its lines are made (a whole list: wholeListCsv.ts), at the
// pace the client reads it.
import type { Response } from 'express';
import { QUERY_CSV_TYPE } from '@parcel-map/shared/contracts';

/** `name-YYYY-MM-DD.csv`, as an attachment. */
export async function sendCsvDownload(res: Response, name: string, lines: AsyncIterable<string>): Promise<void> {
  res.set({ 'Content-Type': `${QUERY_CSV_TYPE}; charset=utf-8`, 'Content-Disposition': `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"` });
  // Past the first line an error is Express's to end the response with (headers sent): the rows
  // sent stay sent, and the file ends without its count line, which is how it says it is cut short.
  for await (const text of lines) {
    if (res.destroyed) return;
    if (!res.write(text)) await drainedOrClosed(res);
  }
  res.end();
}

/** Once the response takes more, or is gone (the client left): the listeners go with it either way. */
function drainedOrClosed(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
