// The list builder (issue #42): conditions on the data set's fields make a query whose exact count
// shows as it changes, whose every match is highlighted on the map, whose results page here and
// go out whole (CSV, mailing list, labels), and which can be saved by name.
import { useEffect, useMemo, useState } from 'react';
import { selectRuntimeConfig, useAppDispatch, useAppSelector, type QueryField, type QueryFilter, type QueryMatchesResponse } from '@parcel-map/shared';
import {
  errorMessageOf,
  QUERY_DEFAULT_LIMIT,
  useGetQueryFieldsQuery,
  useGetQueryMatchesQuery,
  useQueryParcelsQuery,
  wholeQueryRequest,
  type ParcelQueryConditions,
} from '@parcel-map/shared/api';
import type { MapController } from '../../map/mapController.ts';
import { overlayTilesUrl } from '../overlays/useOverlayLayersOnMap.ts';
import { acresLabel } from '../parcelSelection/parcelDisplay.ts';
import { useGetDatasetsQuery } from '../parcelSelection/parcelsApi.ts';
import { FinderPager, FinderPanel, useChooseListedParcel } from '../search/FinderPanel.tsx';
import { queryConditionsAsked, selectParcelFinder } from '../search/parcelFinderSlice.ts';
import { WholeListActions } from '../search/WholeListActions.tsx';
import { ConditionRows } from './ConditionRows.tsx';
import { filterOf, rowsOf, type ConditionRow } from './queryConditions.ts';
import { QueryPlace, type QueryPlaceConditions } from './QueryPlace.tsx';
import { SavedQueries } from './SavedQueries.tsx';
import { QuerySort, type QueryOrder } from './QuerySort.tsx';
import { useDebouncedValue } from './useDebouncedValue.ts';
import './queryPanel.css';

/** How long typing must pause before the count is asked again. */
const COUNT_DEBOUNCE_MS = 400;

export function QueryPanel({ controller }: { controller: MapController | null }) {
  const finder = useAppSelector(selectParcelFinder);
  if (finder.panel !== 'query') return null;
  return <QueryBuilder controller={controller} />;
}

function QueryBuilder({ controller }: { controller: MapController | null }) {
  const fields = useGetQueryFieldsQuery();
  const [rows, setRows] = useState<ConditionRow[]>([]);
  const [words, setWords] = useState('');
  const [place, setPlace] = useState<QueryPlaceConditions>({});
  const [order, setOrder] = useState<QueryOrder>({});

  const typed = useMemo(() => conditionsOf(words, rows, place, fields.data ?? []), [words, rows, place, fields.data]);
  const typedKey = JSON.stringify(typed);
  const settledKey = useDebouncedValue(typedKey, COUNT_DEBOUNCE_MS);
  const conditions = useMemo(() => JSON.parse(settledKey) as ParcelQueryConditions | null, [settledKey]);
  useAskedConditionsInStore(conditions);
  // A publish moves the data version on (useDataVersion polls it): the open query is asked again on the data served now.
  const dataVersion = useGetDatasetsQuery().data?.dataVersion;

  return (
    <FinderPanel label="Query parcels" testId="query-panel" title="Query parcels" closeLabel="Close query" className="query-panel">
      <div className="query-panel__body">
        {fields.isError ? (
          <p className="finder-panel__summary" role="alert">
            {errorMessageOf(fields.error) ?? 'The fields could not be loaded.'}{' '}
            <button type="button" className="pm-button" onClick={() => void fields.refetch()}>
              Try again
            </button>
          </p>
        ) : !fields.data ? (
          <p className="finder-panel__summary">Loading fields…</p>
        ) : (
          <>
            <label className="query-panel__words">
              Owner or address words
              <input type="search" value={words} onChange={(event) => setWords(event.target.value)} />
            </label>
            <ConditionRows fields={fields.data} rows={rows} onChange={setRows} />
            <QueryPlace place={place} onChange={setPlace} />
            <QuerySort fields={fields.data} order={order} onChange={setOrder} />
            <SavedQueries
              current={typed && { ...typed, ...order }}
              onRun={({ q, filters, overlay, within, sort, dir }) => {
                setWords(q ?? '');
                setRows(rowsOf(filters, 1));
                setPlace({ overlay, within });
                setOrder({ sort, dir });
              }}
            />
          </>
        )}
        {conditions ? (
          <QueryResults key={`${settledKey} ${dataVersion}`} conditions={conditions} order={order} controller={controller} settled={settledKey === typedKey} />
        ) : (
          fields.data && <p className="finder-panel__hint">Add a condition or words to list the parcels that match.</p>
        )}
      </div>
    </FinderPanel>
  );
}

/** What the panel asks: the complete conditions, the words and where; null while there are none. */
function conditionsOf(words: string, rows: readonly ConditionRow[], place: QueryPlaceConditions, fields: readonly QueryField[]): ParcelQueryConditions | null {
  const filters = rows.map((row) => filterOf(row, fields)).filter((filter): filter is QueryFilter => filter !== null);
  const q = words.trim();
  const where = { ...(place.overlay && { overlay: place.overlay }), ...(place.within && { within: place.within }) };
  if (filters.length === 0 && q === '' && Object.keys(where).length === 0) return null;
  return { ...(q !== '' && { q }), filters, ...where };
}

function QueryResults({ conditions, order, controller, settled }: { conditions: ParcelQueryConditions; order: QueryOrder; controller: MapController | null; settled: boolean }) {
  const [page, setPage] = useState(0);
  // Asked again each time a query is run, not answered from the cache: a saved query runs on the data published now.
  const query = useQueryParcelsQuery({ ...conditions, ...order, limit: QUERY_DEFAULT_LIMIT, offset: page * QUERY_DEFAULT_LIMIT }, { refetchOnMountOrArgChange: true });
  const matches = useGetQueryMatchesQuery(conditions, { refetchOnMountOrArgChange: true });
  useQueryMatchesOnMap(controller, matches.currentData);

  const answer = query.currentData;
  const total = answer?.total ?? 0;
  const first = page * QUERY_DEFAULT_LIMIT + 1;
  const pages = Math.max(1, Math.ceil(total / QUERY_DEFAULT_LIMIT));
  const choose = useChooseListedParcel(controller);

  return (
    <section className="query-panel__results" aria-label="Matching parcels" aria-busy={!settled || query.isFetching}>
      <p className="finder-panel__summary" aria-live="polite">
        {query.isError
          ? (errorMessageOf(query.error) ?? 'The query failed.')
          : !answer
            ? 'Counting…'
            : `${total.toLocaleString('en-US')} ${total === 1 ? 'parcel matches' : 'parcels match'}`}
      </p>
      {answer && total > 0 && <WholeListActions request={wholeQueryRequest({ ...conditions, ...order })} name="parcel-query" />}
      {answer && answer.results.length > 0 && (
        <ol className="finder-panel__list" start={first}>
          {answer.results.map((result) => (
            <li key={result.pin}>
              <button type="button" className="finder-panel__row" onClick={() => choose(result.pin, result.centroid)}>
                <span className="finder-panel__text">
                  <strong>{result.owner ?? 'Unknown owner'}</strong>
                  <span>{[result.add1, result.city, result.zip].filter(Boolean).join(', ')}</span>
                  <span className="finder-panel__meta">
                    PIN {result.pin} · {acresLabel(result.taxacres)} ac
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
      {total > QUERY_DEFAULT_LIMIT && <FinderPager label="Query result pages" page={page} pages={pages} onPage={setPage} />}
    </section>
  );
}

/** Keeps what the panel asks in the store while it is open: a print of the query's matches reads their box from the same answer. */
function useAskedConditionsInStore(conditions: ParcelQueryConditions | null): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(queryConditionsAsked({ conditions }));
    return () => void dispatch(queryConditionsAsked({ conditions: null }));
  }, [dispatch, conditions]);
}

/** Highlights every match on the map (their tiles) while they are known, and takes them off when the query changes or the panel closes. */
function useQueryMatchesOnMap(controller: MapController | null, matches: QueryMatchesResponse | undefined): void {
  const apiBaseUrl = useAppSelector(selectRuntimeConfig)?.apiBaseUrl;
  useEffect(() => {
    if (!controller || !matches || !apiBaseUrl) return;
    controller.draw('queryMatches', { tilesUrl: overlayTilesUrl(apiBaseUrl, matches.tiles), total: matches.total });
    return () => controller.draw('queryMatches', { tilesUrl: null, total: 0 });
  }, [controller, matches, apiBaseUrl]);
}
