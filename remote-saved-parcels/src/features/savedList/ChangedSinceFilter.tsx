// The saved list's "changed since I last looked" filter (issue #43), and the button by which the user
// says they have looked: the changes so far are marked seen on the server, for every device.
import { useId } from 'react';
import type { SavedParcelRecord } from '@parcel-map/shared';
import { useMarkSavedParcelChangesSeenMutation } from '@parcel-map/shared/api';
import { hasNewChanges } from './savedParcelChanges.ts';

const MARK_FAILED_MESSAGE = 'Could not mark the changes as seen. Please try again.';

interface Props {
  parcels: readonly SavedParcelRecord[];
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function ChangedSinceFilter({ parcels, checked, onChange }: Props) {
  const id = useId();
  const [markSeen, { isLoading }] = useMarkSavedParcelChangesSeenMutation();
  const changed = parcels.filter(hasNewChanges).length;
  if (!checked && changed === 0) return null;
  return (
    <>
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>Changed since I last looked ({changed})</label>
      {changed > 0 && (
        <button
          type="button"
          className="pm-button pm-button--secondary"
          disabled={isLoading}
          onClick={async () => {
            if ((await markSeen()).error) window.alert(MARK_FAILED_MESSAGE);
          }}
        >
          Mark changes seen
        </button>
      )}
    </>
  );
}
