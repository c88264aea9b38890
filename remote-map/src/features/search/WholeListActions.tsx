// What a whole list of parcels (a query's result, a nearby list) gives out, every parcel of it — not
// the page or the nearest shown — from the API's CSV of the list: the file itself (streamed to disk
// where the browser can), and letters to the owners, as a mailing list CSV and as address labels.
import { useState } from 'react';
import { datedFileName, downloadFile } from '@parcel-map/shared';
import { errorMessageOf, useReadWholeListMutation, useSaveWholeListMutation, type WholeListRequest } from '@parcel-map/shared/api';
import { MailingLabels } from './MailingLabels.tsx';
import { mailingList, mailingListCsv, mailingSources, type MailingEntry, type MailingSource } from './mailingList.ts';

interface Letters {
  entries: MailingEntry[];
  /** The letters with the subject parcel's owner among them (a nearby list's). */
  withSubject?: MailingEntry[];
  /** How many parcels the letters are about. */
  parcels: number;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * `name`: the files' names begin with it (`name-YYYY-MM-DD.csv`, `name-mailing-list-YYYY-MM-DD.csv`).
 * `subject`: the parcel a nearby list is around, whose owner the labels may include.
 */
export function WholeListActions({ request, name, subject }: { request: WholeListRequest; name: string; subject?: MailingSource | null }) {
  const [save, saving] = useSaveWholeListMutation();
  const [read, reading] = useReadWholeListMutation();
  const [labels, setLabels] = useState<Letters | null>(null);
  const [listed, setListed] = useState<Letters | null>(null);
  /** Which action the status line speaks of: the last one asked. */
  const [last, setLast] = useState<'file' | 'letters' | null>(null);

  /** The letters of the whole list, read once for both the mailing list and the labels. */
  const letters = async (): Promise<Letters | null> => {
    setLast('letters');
    const list = reading.data ?? (await read(request).unwrap().catch(() => null));
    if (!list) return null;
    const sources = mailingSources(list);
    return { entries: mailingList(sources), withSubject: subject ? mailingList([subject, ...sources]) : undefined, parcels: sources.length };
  };

  const downloadMailingList = async () => {
    const made = await letters();
    if (!made) return;
    downloadFile(datedFileName(`${name}-mailing-list`, 'csv'), 'text/csv;charset=utf-8', mailingListCsv(made.entries));
    setListed(made);
  };

  const status =
    last === 'file'
      ? saving.isError
        ? (errorMessageOf(saving.error) ?? 'The download failed.')
        : saving.data
          ? saving.data.rows === null
            ? 'The file was cut short: download it again.'
            : `Downloaded ${count(saving.data.rows)} rows.`
          : ''
      : last === 'letters'
        ? reading.isError
          ? (errorMessageOf(reading.error) ?? 'The list could not be read.')
          : reading.isLoading
            ? 'Reading the whole list…'
            : listed
              ? `Downloaded a mailing list of ${count(listed.entries.length)} letters for ${count(listed.parcels)} parcels.`
              : ''
        : '';

  return (
    <div className="finder-panel__toolbar">
      <button
        type="button"
        className="pm-button"
        disabled={saving.isLoading}
        onClick={() => {
          setLast('file');
          void save({ request, name });
        }}
      >
        {saving.isLoading ? 'Downloading…' : 'Download CSV'}
      </button>
      <button type="button" className="pm-button" disabled={reading.isLoading} onClick={() => void downloadMailingList()}>
        Download mailing list (CSV)
      </button>
      <button type="button" className="pm-button" disabled={reading.isLoading} onClick={() => void letters().then(setLabels)}>
        Print labels
      </button>
      <span role="status">{status}</span>
      {labels && <MailingLabels {...labels} name={name} onClose={() => setLabels(null)} />}
    </div>
  );
}
