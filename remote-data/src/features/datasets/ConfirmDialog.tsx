import { useId, useRef } from 'react';
import { useDialogFocus } from '@parcel-map/shared';

/** What an administrator is asked before an action that changes what the map serves. */
export interface Confirmation {
  /** The dialog's name: 'Roll back iredell-nc to version 2?'. */
  question: string;
  /** What happens, in a sentence or two. */
  consequence: string;
  /** The button that goes ahead: 'Yes, Roll back'. */
  confirm: string;
  /** Removal is the one that cannot be undone: its button says so by its colour. */
  danger?: boolean;
  run: () => Promise<unknown>;
}

/**
 * A modal question before an action: Cancel has the focus, so that Enter or Escape at once changes
 * nothing; Escape, Cancel and a click beside it close it and give focus back where it was.
 */
export function ConfirmDialog({ asking, busy, onConfirm, onCancel }: { asking: Confirmation; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useDialogFocus(dialog, true, onCancel, cancel);
  return (
    <div className="data-backdrop" onClick={onCancel}>
      <div
        ref={dialog}
        className="data-confirm"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-question`}
        aria-describedby={`${id}-consequence`}
        aria-busy={busy}
        onClick={(event) => event.stopPropagation()}
      >
        <h3 id={`${id}-question`}>{asking.question}</h3>
        <p id={`${id}-consequence`}>{asking.consequence}</p>
        <div className="data-actions data-confirm__actions">
          <button ref={cancel} type="button" className="pm-button pm-button--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className={asking.danger ? 'pm-button pm-button--danger' : 'pm-button'} disabled={busy} onClick={onConfirm}>
            {asking.confirm}
          </button>
        </div>
      </div>
    </div>
  );
}
