import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector, useDialogFocus } from '@parcel-map/shared';
import { ALREADY_SAVED_MESSAGE, NOTES_MAX_LENGTH, useSaveParcelMutation } from '@parcel-map/shared/api';
import { parcelSaved, saveModalClosed, selectParcelToSave } from '../savedParcelsUiSlice.ts';
import { saveParcelBody } from './saveParcelBody.ts';

export const UNKNOWN_SAVE_ERROR = 'An unknown error occurred while saving.';

/** SPEC §4 'Save flow': the modal opened by the detail panel's save icon. */

export function SaveParcelModal() {
  const dispatch = useAppDispatch();
  const parcelToSave = useAppSelector(selectParcelToSave);
  const [saveParcel, { isLoading: saving }] = useSaveParcelMutation();
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const notesRef = useRef<HTMLTextAreaElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  // Guards a second submit before the re-render that disables the button (SPEC §5: not while saving).
  const submitting = useRef(false);
  const close = () => dispatch(saveModalClosed());
  useDialogFocus(dialogRef, parcelToSave !== null, close, notesRef);

  // SPEC §4: the note is cleared each time the modal opens.
  useEffect(() => {
    setNotes('');
    setError(null);
  }, [parcelToSave]);

  if (!parcelToSave) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!parcelToSave || saving || submitting.current) return;
    submitting.current = true;
    setError(null);
    const result = await saveParcel(saveParcelBody(parcelToSave, notes)).finally(() => {
      submitting.current = false;
    });
    if (!result.error) {
      dispatch(parcelSaved({ notice: `Saved parcel ${parcelToSave.parcel.pin}.` }));
    } else if ('status' in result.error && result.error.status === 409) {
      dispatch(parcelSaved({ notice: ALREADY_SAVED_MESSAGE }));
    } else {
      setError(('message' in result.error && result.error.message) || UNKNOWN_SAVE_ERROR);
    }
  }

  return (
    <div className="saved-backdrop" onClick={close}>
      <div
        ref={dialogRef}
        className="save-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={saving}
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id={titleId}>Save Parcel Location</h2>
        <p className="save-modal__parcel">
          {parcelToSave.parcel.owner ?? parcelToSave.parcel.name ?? 'Unnamed'} — PIN {parcelToSave.parcel.pin}
        </p>
        <form onSubmit={submit}>
          <label htmlFor={`${titleId}-notes`}>Notes (optional)</label>
          <textarea
            id={`${titleId}-notes`}
            ref={notesRef}
            value={notes}
            maxLength={NOTES_MAX_LENGTH}
            rows={4}
            aria-describedby={`${titleId}-counter`}
            readOnly={saving}
            onChange={(e) => setNotes(e.target.value.slice(0, NOTES_MAX_LENGTH))}
          />
          <p className="save-modal__counter" id={`${titleId}-counter`}>
            {notes.length}/{NOTES_MAX_LENGTH} characters
          </p>
          {error && (
            <p className="save-modal__error" role="alert">
              {error}
            </p>
          )}
          <div className="save-modal__actions">
            <button type="button" className="pm-button pm-button--secondary" onClick={close} disabled={saving}>
              Cancel
            </button>
            <button type="submit" className="pm-button" disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
