// The full result list of a search: Enter in the box or 'See all N results'.
// Paged, sortable, every result of the page numbered on the map, exportable as CSV.
import { useMemo, useState } from 'react';
import { downloadFile, datedFileName, csvText, useAppDispatch, useAppSelector, type ParcelSearchResult, type SearchSort } from '@parcel-map/shared';
import { errorMessageOf, SEARCH_FAILED_MESSAGE, SEARCH_MAX_LIMIT } from '@parcel-map/shared/api';
import type { MapController } from '../../map/mapController.ts';
import { parcelsApi, useSearchParcelsQuery } from '../parcelSelection/parcelsApi.ts';
import { acresLabel } from '../parcelSelection/parcelDisplay.ts';
import { FinderPager, FinderPanel, useChooseListedParcel } from './FinderPanel.tsx';
import { selectParcelFinder } from './parcelFinderSlice.ts';
import { resultFindings } from './findingsGeometry.ts';
import { useFindingsOnMap } from './useFindingsOnMap.ts';

const RESULTS_PAGE_SIZE = 20;
const SORT_LABELS: Record<SearchSort, string> = { relevance: 'Best match', owner: 'Owner', address: 'Address', acres: 'Acres (largest first)' };
const MATCH_LABELS: Record<ParcelSearchResult['matched'], string> = { pin: 'PIN', address: 'Address', owner: 'Owner', city: 'City', zip: 'ZIP code' };

export function SearchResultsPanel({ controller }: { controller: MapController | null }) {
  const finder = useAppSelector(selectParcelFinder);
  if (finder.panel !== 'results') return null;
  return <ResultsList key={finder.query} query={finder.query} controller={controller} />;
}

function ResultsList({ query, controller }: { query: string; controller: MapController | null }) {
  const dispatch = useAppDispatch();
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<SearchSort>('relevance');
  const [exporting, setExporting] = useState(false);
  const search = useSearchParcelsQuery({ q: query, limit: RESULTS_PAGE_SIZE, offset: page * RESULTS_PAGE_SIZE, sort });
  const answer = search.currentData;
  const first = page * RESULTS_PAGE_SIZE + 1;
  const findings = useMemo(() => (answer ? resultFindings(answer.results, first) : null), [answer, first]);
  useFindingsOnMap(controller, findings);

  const total = answer?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / RESULTS_PAGE_SIZE));
  const choose = useChooseListedParcel(controller);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows: ParcelSearchResult[] = [];
      for (let offset = 0; offset < total; offset += SEARCH_MAX_LIMIT) {
        const next = await dispatch(parcelsApi.endpoints.searchParcels.initiate({ q: query, limit: SEARCH_MAX_LIMIT, offset, sort }, { subscribe: false })).unwrap();
        rows.push(...next.results);
      }
      const csv = csvText(
        ['pin', 'owner', 'address', 'city', 'zip', 'acres', 'matched', 'lat', 'lon'],
        rows.map((r) => [r.pin, r.owner, r.add1, r.city, r.zip, r.taxacres, r.matched, r.centroid.lat, r.centroid.lng]),
      );
      downloadFile(datedFileName('parcel-search', 'csv'), 'text/csv;charset=utf-8', csv);
    } finally {
      setExporting(false);
    }
  };

  return (
    <FinderPanel label="Search results" testId="search-results" title={`Results for “${query}”`} closeLabel="Close results">
      <div className="finder-panel__toolbar">
        <label>
          Sort by{' '}
          <select
            value={sort}
            onChange={(event) => {
              setSort(event.target.value as SearchSort);
              setPage(0);
            }}
          >
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="pm-button" disabled={total === 0 || exporting} onClick={() => void exportCsv()}>
          {exporting ? 'Exporting…' : 'Download CSV'}
        </button>
      </div>
      <p className="finder-panel__summary" aria-live="polite">
        {search.isError
          ? (errorMessageOf(search.error) ?? SEARCH_FAILED_MESSAGE)
          : !answer
            ? 'Searching…'
            : total === 0
              ? 'No results'
              : `${first}–${first + answer.results.length - 1} of ${total.toLocaleString('en-US')}${answer.capped ? '+' : ''} results`}
      </p>
      <ol className="finder-panel__list" start={first}>
        {answer?.results.map((result, index) => (
          <li key={result.pin}>
            <button type="button" className="finder-panel__row" onClick={() => choose(result.pin, result.centroid)}>
              <span className="finder-panel__number" aria-hidden="true">
                {first + index}
              </span>
              <span className="finder-panel__text">
                <strong>{result.owner ?? 'Unknown owner'}</strong>
                <span>{[result.add1, result.city, result.zip].filter(Boolean).join(', ')}</span>
                <span className="finder-panel__meta">
                  PIN {result.pin} · {acresLabel(result.taxacres)} ac · matched {MATCH_LABELS[result.matched]}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ol>
      {total > RESULTS_PAGE_SIZE && <FinderPager label="Result pages" page={page} pages={pages} onPage={setPage} />}
    </FinderPanel>
  );
}
