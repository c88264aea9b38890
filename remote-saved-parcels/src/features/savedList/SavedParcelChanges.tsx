// A saved card's lines on what changed since the parcel was saved (issue #43); a change the user has
// not marked seen is flagged as new.
import type { SavedParcelRecord } from '@parcel-map/shared';
import { changeLines, hasNewChanges } from './savedParcelChanges.ts';

export function SavedParcelChanges({ saved }: { saved: SavedParcelRecord }) {
  const lines = changeLines(saved);
  if (lines.length === 0) return null;
  return (
    <div className="saved-item__changes" aria-label={`Changes to ${saved.parcel_pin}`} role="group">
      {hasNewChanges(saved) && <strong className="saved-item__new">New</strong>}
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
