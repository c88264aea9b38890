// Nearby parcels : every parcel within a distance of the selected one or of an
// area drawn with Measure Area, drawn on the map with the ring, listed nearest first, as a de-duplicated mailing list (CSV) and as sheets of
// address labels to print.
import { useMemo, useState, type FormEvent } from 'react';
import { datedFileName, downloadFile, useAppDispatch, useAppSelector } from '@parcel-map/shared';
import { errorMessageOf, NEARBY_MAX_FEET } from '@parcel-map/shared/api';
import type { MapController } from '../../map/mapController.ts';
import { useGetNearbyQuery, type NearbySubject } from '../parcelSelection/parcelsApi.ts';
import { acresLabel } from '../parcelSelection/parcelDisplay.ts';
import { FinderPanel } from './FinderPanel.tsx';
import { nearbyDistanceChosen, selectParcelFinder } from './parcelFinderSlice.ts';
import { nearbyFindings } from './findingsGeometry.ts';
import { useFindingsOnMap } from './useFindingsOnMap.ts';
import { mailingList, mailingListCsv } from './mailingList.ts';
import { MailingLabels } from './MailingLabels.tsx';

export function NearbyPanel({ controller }: { controller: MapController | null }) {
  const finder = useAppSelector(selectParcelFinder);
  if (finder.panel !== 'nearby' || finder.nearbyOf === null) return null;
  return <NearbyList of={finder.nearbyOf} distanceFt={finder.distanceFt} controller={controller} />;
}

function NearbyList({ of, distanceFt, controller }: { of: NearbySubject; distanceFt: number; controller: MapController | null }) {
  const dispatch = useAppDispatch();
  const [typed, setTyped] = useState(String(distanceFt));
  const [labelsOpen, setLabelsOpen] = useState(false);
  const nearby = useGetNearbyQuery({ of, distanceFt });
  const answer = nearby.currentData;
  const findings = useMemo(() => (answer ? nearbyFindings(answer) : null), [answer]);
  useFindingsOnMap(controller, findings, 18);
  const letters = useMemo(() => (answer ? mailingList(answer.parcels) : []), [answer]);
  const error = errorMessageOf(nearby.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const feet = Number(typed);
    if (Number.isInteger(feet) && feet >= 0 && feet <= NEARBY_MAX_FEET) dispatch(nearbyDistanceChosen({ distanceFt: feet }));
  };

  return (
    <FinderPanel label="Nearby parcels" testId="nearby-parcels" title="Nearby parcels" closeLabel="Close nearby parcels">
      <form className="finder-panel__toolbar" onSubmit={submit}>
        <label>
          Within{' '}
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={NEARBY_MAX_FEET}
            step={50}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-describedby="nearby-distance-hint"
          />{' '}
          ft
        </label>
        <button type="submit" className="pm-button">
          Show
        </button>
      </form>
      <p id="nearby-distance-hint" className="finder-panel__hint">
        0 ft lists the parcels that touch it; at most {NEARBY_MAX_FEET.toLocaleString('en-US')} ft.
      </p>
      {of.kind === 'area' && (
        <p className="finder-panel__subject">Around the area drawn on the map</p>
      )}
      {answer?.subject && (
        <p className="finder-panel__subject">
          <span className="finder-panel__swatch finder-panel__swatch--subject" aria-hidden="true" /> PIN {answer.subject.pin} · {answer.subject.owner ?? 'Unknown owner'} ·{' '}
          {answer.subject.add1 ?? ''}
        </p>
      )}
      <p className="finder-panel__summary" aria-live="polite">
        {error
          ? error
          : !answer || nearby.isFetching
            ? 'Finding nearby parcels…'
            : `${answer.parcels.length} parcels within ${answer.distance_ft} ft · ${letters.length} owners to notify${answer.truncated ? ' (nearest shown)' : ''}`}
      </p>
      <div className="finder-panel__toolbar">
        <button
          type="button"
          className="pm-button"
          disabled={letters.length === 0}
          onClick={() => downloadFile(datedFileName(`mailing-list-${of.kind === 'parcel' ? of.pin : 'drawn-area'}-${distanceFt}ft`, 'csv'), 'text/csv;charset=utf-8', mailingListCsv(letters))}
        >
          Download mailing list (CSV)
        </button>
        <button type="button" className="pm-button" disabled={letters.length === 0} onClick={() => setLabelsOpen(true)}>
          Print labels
        </button>
      </div>
      <ol className="finder-panel__list">
        {answer?.parcels.map((parcel) => (
          <li key={parcel.pin} className="finder-panel__item">
            <span className="finder-panel__text">
              <strong>{parcel.owner ?? 'Unknown owner'}</strong>
              <span>{[parcel.add1, parcel.city].filter(Boolean).join(', ')}</span>
              <span className="finder-panel__meta">
                {parcel.distance_ft === 0 ? 'adjoining' : `${parcel.distance_ft} ft`} · PIN {parcel.pin} · {acresLabel(parcel.taxacres)} ac
              </span>
            </span>
          </li>
        ))}
      </ol>
      {labelsOpen && <MailingLabels entries={letters} onClose={() => setLabelsOpen(false)} />}
    </FinderPanel>
  );
}
