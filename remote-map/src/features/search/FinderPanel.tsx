// What the parcel finder's panels (search results, nearby parcels, the query panel) share: the panel
// with its title and close button, the pager of a long list, and choosing a listed parcel.
import type { ReactNode } from 'react';
import { useAppDispatch } from '@parcel-map/shared';
import type { MapController } from '../../map/mapController.ts';
import { parcelPanelFocusRequested, parcelPicked } from '../parcelSelection/parcelSelectionSlice.ts';
import { finderClosed } from './parcelFinderSlice.ts';
import './parcelFinder.css';

export function FinderPanel(props: { label: string; testId: string; title: ReactNode; closeLabel: string; className?: string; children: ReactNode }) {
  const dispatch = useAppDispatch();
  return (
    <aside className={props.className ? `finder-panel ${props.className}` : 'finder-panel'} aria-label={props.label} data-testid={props.testId}>
      <header className="finder-panel__header">
        <h2 className="finder-panel__title">{props.title}</h2>
        <button type="button" className="finder-panel__close" aria-label={props.closeLabel} onClick={() => dispatch(finderClosed())}>
          ×
        </button>
      </header>
      {props.children}
    </aside>
  );
}

export function FinderPager({ label, page, pages, onPage }: { label: string; page: number; pages: number; onPage: (page: number) => void }) {
  return (
    <nav className="finder-panel__pager" aria-label={label}>
      <button type="button" className="pm-button" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page + 1} of {pages.toLocaleString('en-US')}
      </span>
      <button type="button" className="pm-button" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

/** Choosing a listed parcel: it is selected, its panel takes the focus, and the map centres on it. */
export function useChooseListedParcel(controller: MapController | null) {
  const dispatch = useAppDispatch();
  return (pin: string, centroid: { lng: number; lat: number }) => {
    dispatch(parcelPicked({ pin }));
    dispatch(parcelPanelFocusRequested());
    controller?.centreOn({ kind: 'point', lng: centroid.lng, lat: centroid.lat, zoom: 17 });
  };
}
