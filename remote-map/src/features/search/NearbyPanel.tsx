// Nearby parcels : every parcel within a distance of the selected one or of an
// area drawn with Measure Area, drawn on the map with the ring, the nearest listed; the whole list
// as CSV, as a de-duplicated mailing list (CSV) and as sheets of address labels to print.
import { useMemo, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '@parcel-map/shared';
import { errorMessageOf, NEARBY_MAX_FEET } from '@parcel-map/shared/api';
import type { MapController } from '../../map/mapController.ts';
import { nearbyRequest, useGetNearbyQuery, type NearbySubject } from '../parcelSelection/parcelsApi.ts';
import { acresLabel } from '../parcelSelection/parcelDisplay.ts';
import { FinderPanel } from './FinderPanel.tsx';
import { nearbyDistanceChosen, selectParcelFinder } from './parcelFinderSlice.ts';
import { nearbyFindings } from './findingsGeometry.ts';
import { useFindingsOnMap } from './useFindingsOnMap.ts';
import { mailingList } from './mailingList.ts';
import { WholeListActions } from './WholeListActions.tsx';

export function NearbyPanel({ controller }: { controller: MapController | null }) {
  const finder = useAppSelector(selectParcelFinder);
  if (finder.panel !== 'nearby' || finder.nearbyOf === null) return null;
  return <NearbyList of={finder.nearbyOf} distanceFt={finder.distanceFt} controller={controller} />;
}

function NearbyList({ of, distanceFt, controller }: { of: NearbySubject; distanceFt: number; controller: MapController | null }) {
  const dispatch = useAppDispatch();
  const [typed, setTyped] = useState(String(distanceFt));
  const nearby = useGetNearbyQuery({ of, distanceFt });
  const answer = nearby.currentData;
  const findings = useMemo(() => (answer ? nearbyFindings(answer) : null), [answer]);
  useFindingsOnMap(controller, findings, 18);
  // The owners of a list shown whole; a longer list's are counted once it is read whole (WholeListActions).
  const owners = useMemo(() => (answer && !answer.truncated ? mailingList(answer.parcels).length : null), [answer]);
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
            : `${answer.total.toLocaleString('en-US')} parcels within ${answer.distance_ft} ft · ${
                owners === null ? `the nearest ${answer.parcels.length.toLocaleString('en-US')} listed` : `${owners} owners to notify`
              }`}
      </p>
      {answer && answer.total > 0 && !nearby.isFetching && (
        <WholeListActions
          key={`${JSON.stringify(of)} ${distanceFt}`}
          request={nearbyRequest(of, distanceFt)}
          subject={answer.subject}
          name={`nearby-${of.kind === 'parcel' ? of.pin : 'drawn-area'}-${distanceFt}ft`}
        />
      )}
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
    </FinderPanel>
  );
}
