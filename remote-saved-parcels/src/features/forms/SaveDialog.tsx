// The save dialog of a saved parcel and of a markup: a modal with a heading, what is being saved, the
// caller's fields, the API's refusal and Cancel/Save (SPEC §4 'Save flow' for the parcel's).
import { useId, useRef, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useDialogFocus } from '@parcel-map/shared';

export const UNKNOWN_SAVE_ERROR = 'An unknown error occurred while saving.';

export interface SaveDialogProps {
  title: string;
  /** What is being saved, under the heading. */
  summary: ReactNode;
  saving: boolean;
  /** Save is offered only when true (besides not while saving). */
  canSave?: boolean;
  error: string | null;
  onSubmit(event: FormEvent): void;
  onClose(): void;
  /** The field focused when the dialog opens. */
  initialFocusRef: RefObject<HTMLElement | null>;
  /** The fields, given the id prefix their labels and inputs share. */
  children(idPrefix: string): ReactNode;
}

/** Rendered only while open: the dialog takes the focus on mount and gives it back when it goes. */
export function SaveDialog({ title, summary, saving, canSave = true, error, onSubmit, onClose, initialFocusRef, children }: SaveDialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useDialogFocus(dialogRef, true, onClose, initialFocusRef);
  return (
    <div className="saved-backdrop" onClick={onClose}>
      <div ref={dialogRef} className="save-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-busy={saving} onClick={(e) => e.stopPropagation()}>
        <h2 id={titleId}>{title}</h2>
        <p className="save-modal__parcel">{summary}</p>
        <form onSubmit={onSubmit}>
          {children(titleId)}
          {error && (
            <p className="save-modal__error" role="alert">
              {error}
            </p>
          )}
          <div className="save-modal__actions">
            <button type="button" className="pm-button pm-button--secondary" onClick={onClose} disabled={saving}>
              Cancel
            </button>
            <button type="submit" className="pm-button" disabled={saving || !canSave}>
              {saving ? 'Saving...' : 'Save'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
