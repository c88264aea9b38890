// A change log — a data set version's, or a validated import's before it is published (county-data's
// versionChanges.ts) — as the Data page asks for it: a page of one kind or all as JSON, or, asked
// with `Accept: text/csv`, every change of the kind as a CSV file with its count line last.
import type { Request, Response } from 'express';
import type { ChangeLog } from '@parcel-map/county-data/publish';
import {
  CHANGES_CSV_COLUMNS, changesQuerySchema, changeValuesText, PARCEL_CHANGE_LABELS, QUERY_CSV_TYPE, queryCsvCountLine,
  type ChangesPage, type ParcelChangeKind,
} from '@parcel-map/shared/contracts';
import { csvLine } from '@parcel-map/shared/files/csv';
import { sendCsvDownload } from '../../platform/http/csvDownload.ts';

/** Changes read per statement while a CSV is written. */
const CSV_PAGE = 5_000;

export async function sendChangeLog(req: Request, res: Response, log: ChangeLog, fileName: string): Promise<void> {
  const { kind, offset, limit } = changesQuerySchema.parse(req.query);
  const total = kind === undefined ? Object.values(log.counts).reduce((sum, count) => sum + count, 0) : log.counts[kind];
  if (req.accepts(['application/json', QUERY_CSV_TYPE]) === QUERY_CSV_TYPE) {
    await sendCsvDownload(res, kind === undefined ? fileName : `${fileName}-${kind}`, changeLogCsv(log, kind, total));
    return;
  }
  const answer: ChangesPage = { counts: log.counts, total, offset, changes: await log.page(kind, offset, limit) };
  res.json(answer);
}

async function* changeLogCsv(log: ChangeLog, kind: ParcelChangeKind | undefined, total: number): AsyncGenerator<string> {
  yield '\uFEFF' + csvLine(CHANGES_CSV_COLUMNS);
  for (let offset = 0; offset < total; offset += CSV_PAGE) {
    const changes = await log.page(kind, offset, CSV_PAGE);
    yield changes.map((change) => csvLine([change.pin, PARCEL_CHANGE_LABELS[change.kind], change.address, changeValuesText(change.before), changeValuesText(change.after)])).join('');
  }
  yield queryCsvCountLine(total);
}
