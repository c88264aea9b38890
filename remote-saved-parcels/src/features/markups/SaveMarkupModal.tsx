// 'Save as markup' (issue #25): the dialog opened by the measure palette asks for a name and a colour.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector, useDialogFocus } from '@parcel-map/shared';
import { MARKUP_NAME_MAX_LENGTH, useCreateMarkupMutation } from '@parcel-map/shared/api';
import { markupModalClosed, markupSaved, selectMarkupToSave } from '../savedParcelsUiSlice.ts';
import { UNKNOWN_SAVE_ERROR } from '../saveParcel/SaveParcelModal.tsx';
import { MarkupColorPicker } from './MarkupColorPicker.tsx';
import { DEFAULT_MARKUP_COLOR } from './markupColors.ts';

export function SaveMarkupModal() {
  const dispatch = useAppDispatch();
  const markupToSave = useAppSelector(selectMarkupToSave);
  const [createMarkup, { isLoading: saving }] = useCreateMarkupMutation();
  const [name, setName] = useState('');
  const [color, setColor] = useState<string>(DEFAULT_MARKUP_COLOR);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const close = () => dispatch(markupModalClosed());
  useDialogFocus(dialogRef, markupToSave !== null, close, nameRef);

  useEffect(() => {
    setName('');
    setError(null);
  }, [markupToSave]);

  if (!markupToSave) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!markupToSave || saving || name.trim() === '') return;
    setError(null);
    const result = await createMarkup({ name, color, geometry: markupToSave.geometry });
    // The API's own words when it refuses (the 1,000-markup quota among them).
    if (result.error) setError(('message' in result.error && result.error.message) || UNKNOWN_SAVE_ERROR);
    else dispatch(markupSaved({ notice: `Saved markup ${result.data.name}.` }));
  }

  return (
    <div className="saved-backdrop" onClick={close}>
      <div ref={dialogRef} className="save-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-busy={saving} onClick={(e) => e.stopPropagation()}>
        <h2 id={titleId}>Save Markup</h2>
        <p className="save-modal__parcel">{markupToSave.summary}</p>
        <form onSubmit={submit}>
          <label htmlFor={`${titleId}-name`}>Name</label>
          <input
            id={`${titleId}-name`}
            ref={nameRef}
            className="save-modal__input"
            value={name}
            maxLength={MARKUP_NAME_MAX_LENGTH}
            required
            readOnly={saving}
            onChange={(e) => setName(e.target.value)}
          />
          <MarkupColorPicker value={color} onChange={setColor} />
          {error && (
            <p className="save-modal__error" role="alert">
              {error}
            </p>
          )}
          <div className="save-modal__actions">
            <button type="button" className="pm-button pm-button--secondary" onClick={close} disabled={saving}>
              Cancel
            </button>
            <button type="submit" className="pm-button" disabled={saving || name.trim() === ''}>
              {saving ? 'Saving...' : 'Save'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
