// The sheet's 'Markups' tab: the user's kept drawings, each shown or hidden on the map,
// renamed or deleted, and all of them exported as GeoJSON or KML.
import { useId } from 'react';
import { downloadFile, useAppSelector, selectSessionJwt } from '@parcel-map/shared';
import { useListMarkupsQuery } from '@parcel-map/shared/api';
import { GEO_FILES, type GeoFileKind } from '../geoFiles/geoFiles.ts';
import { MarkupItem } from './MarkupItem.tsx';
import { markupsFile, markupsFileName } from './markupsExport.ts';

const MARKUPS_LOAD_FAILED = 'Failed to load markups. Please check your connection and try again.';
const NO_MARKUPS_MESSAGE = 'You have not saved any markups yet.';
const NO_MARKUPS_HINT = "Measure or mark a point with the map's measure tools, then choose 'Save as markup'.";

interface Props {
  /** 'View on Map' closes the sheet so the map can be seen. */
  onViewOnMap: () => void;
  /** After a delete the item is gone: focus needs a new home. */
  onDeleted: () => void;
}

export function MarkupsPanel({ onViewOnMap, onDeleted }: Props) {
  const token = useAppSelector(selectSessionJwt);
  const exportScopeId = useId();
  const { data: markups, isLoading, isError, refetch } = useListMarkupsQuery(undefined, { skip: !token, refetchOnMountOrArgChange: true });

  if (isLoading) return <p role="status" className="saved-sheet__message">Loading markups…</p>;
  if (isError)
    return (
      <div role="alert" className="saved-sheet__message">
        <p>{MARKUPS_LOAD_FAILED}</p>
        <button type="button" className="pm-button" onClick={() => void refetch()}>
          Try Again
        </button>
      </div>
    );
  if (!markups || markups.length === 0)
    return (
      <div className="saved-sheet__empty">
        <p>{NO_MARKUPS_MESSAGE}</p>
        <p>{NO_MARKUPS_HINT}</p>
      </div>
    );

  return (
    <>
      <div className="saved-sheet__view">
        {(Object.keys(GEO_FILES) as GeoFileKind[]).map((kind) => (
          <button
            key={kind}
            type="button"
            className="pm-button pm-button--secondary"
            aria-describedby={exportScopeId}
            onClick={() => downloadFile(markupsFileName(GEO_FILES[kind].extension), GEO_FILES[kind].type, markupsFile(kind, markups))}
          >
            Export {kind}
          </button>
        ))}
        <span className="saved-sheet__count">{markups.length} saved</span>
        {/* The list as shown, newest first, every page of it. */}
        <span id={exportScopeId} className="saved-sheet__export-scope">
          {markups.length === 1 ? 'Exports the 1 markup shown' : `Exports the ${markups.length} markups shown`}
        </span>
      </div>
      <ul className="saved-sheet__list" aria-label="Markups">
        {markups.map((markup) => (
          <MarkupItem key={markup.id} markup={markup} onViewOnMap={onViewOnMap} onDeleted={onDeleted} />
        ))}
      </ul>
    </>
  );
}
