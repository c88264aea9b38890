import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { NOTES_MAX_LENGTH, useAppDispatch, useAppSelector, useSaveParcelMutation } from '@parcel-map/shared';
import { parcelSaved, saveModalClosed, selectParcelToSave } from '../savedParcelsUiSlice.ts';
import { saveParcelBody } from './saveParcelBody.ts';

export const ALREADY_SAVED_MESSAGE = 'This parcel is already in your saved list.';
const UNKNOWN_SAVE_ERROR = 'An unknown error occurred while saving.';

export function SaveParcelModal() {
  const dispatch = useAppDispatch();
  const parcelToSave = useAppSelector(selectParcelToSave);
  const [saveParcel, { isLoading: saving }] = useSaveParcelMutation();
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const notesRef = useRef<HTMLTextAreaElement>(null);

  // SPEC §4: the note is cleared each time the modal opens.
  useEffect(() => {
    setNotes('');
    setError(null);
    if (parcelToSave) notesRef.current?.focus();
  }, [parcelToSave]);

  if (!parcelToSave) return null;
  const close = () => dispatch(saveModalClosed());

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!parcelToSave || saving) return;
    setError(null);
    const result = await saveParcel(saveParcelBody(parcelToSave, notes));
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
        className="save-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.key === 'Escape' && close()}
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
            onChange={(e) => setNotes(e.target.value.slice(0, NOTES_MAX_LENGTH))}
          />
          <p className="save-modal__counter">
            {notes.length}/{NOTES_MAX_LENGTH} characters
          </p>
          {error && (
            <p className="save-modal__error" role="alert">
              {error}
            </p>
          )}
          <div className="save-modal__actions">
            <button type="button" className="pm-button pm-button--secondary" onClick={close}>
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
