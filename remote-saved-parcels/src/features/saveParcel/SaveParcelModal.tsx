import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '@parcel-map/shared';
import { ALREADY_SAVED_MESSAGE, NOTES_MAX_LENGTH, TAG_MAX_LENGTH, TAGS_MAX_COUNT, useSaveParcelMutation } from '@parcel-map/shared/api';
import { parcelSaved, saveModalClosed, selectParcelToSave } from '../savedParcelsUiSlice.ts';
import { SaveDialog, UNKNOWN_SAVE_ERROR } from '../forms/SaveDialog.tsx';
import { saveParcelBody, typedTags } from './saveParcelBody.ts';

/** SPEC §4 'Save flow': the modal opened by the detail panel's save icon. */
export function SaveParcelModal() {
  const dispatch = useAppDispatch();
  const parcelToSave = useAppSelector(selectParcelToSave);
  const [saveParcel, { isLoading: saving }] = useSaveParcelMutation();
  const [notes, setNotes] = useState('');
  const [tags, setTags] = useState('');
  const [error, setError] = useState<string | null>(null);
  const notesRef = useRef<HTMLTextAreaElement>(null);
  // Guards a second submit before the re-render that disables the button (SPEC §5: not while saving).
  const submitting = useRef(false);

  // SPEC §4: the note is cleared each time the modal opens.
  useEffect(() => {
    setNotes('');
    setTags('');
    setError(null);
  }, [parcelToSave]);

  if (!parcelToSave) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!parcelToSave || saving || submitting.current) return;
    submitting.current = true;
    setError(null);
    const result = await saveParcel(saveParcelBody(parcelToSave, notes, typedTags(tags))).finally(() => {
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
    <SaveDialog
      title="Save Parcel Location"
      summary={`${parcelToSave.parcel.owner ?? parcelToSave.parcel.name ?? 'Unnamed'} — PIN ${parcelToSave.parcel.pin}`}
      saving={saving}
      error={error}
      onSubmit={(event) => void submit(event)}
      onClose={() => dispatch(saveModalClosed())}
      initialFocusRef={notesRef}
    >
      {(idPrefix) => (
        <>
          <label htmlFor={`${idPrefix}-notes`}>Notes (optional)</label>
          <textarea
            id={`${idPrefix}-notes`}
            ref={notesRef}
            value={notes}
            maxLength={NOTES_MAX_LENGTH}
            rows={4}
            aria-describedby={`${idPrefix}-counter`}
            readOnly={saving}
            onChange={(e) => setNotes(e.target.value.slice(0, NOTES_MAX_LENGTH))}
          />
          <p className="save-modal__counter" id={`${idPrefix}-counter`}>
            {notes.length}/{NOTES_MAX_LENGTH} characters
          </p>
          <label htmlFor={`${idPrefix}-tags`}>Tags (optional)</label>
          <input
            id={`${idPrefix}-tags`}
            className="save-modal__input"
            value={tags}
            maxLength={TAGS_MAX_COUNT * (TAG_MAX_LENGTH + 2)}
            aria-describedby={`${idPrefix}-tags-hint`}
            readOnly={saving}
            onChange={(e) => setTags(e.target.value)}
          />
          <p className="save-modal__counter" id={`${idPrefix}-tags-hint`}>
            Separate tags with commas, at most {TAGS_MAX_COUNT}.
          </p>
        </>
      )}
    </SaveDialog>
  );
}
