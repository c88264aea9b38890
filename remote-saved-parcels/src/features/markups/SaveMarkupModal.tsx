// 'Save as markup': the dialog opened by the measure palette asks for a name and a colour.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '@parcel-map/shared';
import { MARKUP_NAME_MAX_LENGTH, NOTES_MAX_LENGTH, useCreateMarkupMutation } from '@parcel-map/shared/api';
import { markupModalClosed, markupSaved, selectMarkupToSave } from '../savedParcelsUiSlice.ts';
import { SaveDialog, UNKNOWN_SAVE_ERROR } from '../forms/SaveDialog.tsx';
import { MarkupColorPicker } from './MarkupColorPicker.tsx';
import { DEFAULT_MARKUP_COLOR } from './markupColors.ts';

export function SaveMarkupModal() {
  const dispatch = useAppDispatch();
  const markupToSave = useAppSelector(selectMarkupToSave);
  const [createMarkup, { isLoading: saving }] = useCreateMarkupMutation();
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [color, setColor] = useState<string>(DEFAULT_MARKUP_COLOR);
  const [error, setError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setName('');
    setNote('');
    setError(null);
  }, [markupToSave]);

  if (!markupToSave) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!markupToSave || saving || name.trim() === '') return;
    setError(null);
    const result = await createMarkup({ name, color, geometry: markupToSave.geometry, ...(note.trim() ? { note } : {}) });
    // The API's own words when it refuses (the 1,000-markup quota among them).
    if (result.error) setError(('message' in result.error && result.error.message) || UNKNOWN_SAVE_ERROR);
    else dispatch(markupSaved({ notice: `Saved markup ${result.data.name}.` }));
  }

  return (
    <SaveDialog
      title="Save Markup"
      summary={markupToSave.summary}
      saving={saving}
      canSave={name.trim() !== ''}
      error={error}
      onSubmit={(event) => void submit(event)}
      onClose={() => dispatch(markupModalClosed())}
      initialFocusRef={nameRef}
    >
      {(idPrefix) => (
        <>
          <label htmlFor={`${idPrefix}-name`}>Name</label>
          <input
            id={`${idPrefix}-name`}
            ref={nameRef}
            className="save-modal__input"
            value={name}
            maxLength={MARKUP_NAME_MAX_LENGTH}
            required
            readOnly={saving}
            onChange={(e) => setName(e.target.value)}
          />
          <MarkupColorPicker value={color} onChange={setColor} />
          <label htmlFor={`${idPrefix}-note`}>Note (optional)</label>
          <textarea
            id={`${idPrefix}-note`}
            value={note}
            maxLength={NOTES_MAX_LENGTH}
            rows={3}
            readOnly={saving}
            onChange={(e) => setNote(e.target.value.slice(0, NOTES_MAX_LENGTH))}
          />
        </>
      )}
    </SaveDialog>
  );
}
