// The inline 'Delete this …?' of a saved parcel's and a markup's row (SPEC §4 'Delete flow' for the
// parcel's): Cancel and 'Yes, Delete', Escape cancels. The row moves the focus to the confirm button.
import type { Ref } from 'react';

export interface DeleteConfirmationProps {
  /** Names what is deleted, for the group's accessible name. */
  subject: string;
  question: string;
  deleting: boolean;
  confirmRef: Ref<HTMLButtonElement>;
  onConfirm(): void;
  onCancel(): void;
}

export function DeleteConfirmation({ subject, question, deleting, confirmRef, onConfirm, onCancel }: DeleteConfirmationProps) {
  return (
    <div
      className="saved-item__confirm"
      role="group"
      aria-label={`Confirm delete of ${subject}`}
      onKeyDown={(e) => {
        // Escape leaves the confirmation, not the whole sheet.
        if (e.key !== 'Escape') return;
        e.preventDefault();
        onCancel();
      }}
    >
      <p>{question}</p>
      <div className="saved-item__row">
        <button type="button" className="pm-button pm-button--secondary" onClick={onCancel} disabled={deleting}>
          Cancel
        </button>
        <button ref={confirmRef} type="button" className="pm-button pm-button--danger" onClick={onConfirm} disabled={deleting}>
          {deleting ? 'Deleting...' : 'Yes, Delete'}
        </button>
      </div>
    </div>
  );
}
