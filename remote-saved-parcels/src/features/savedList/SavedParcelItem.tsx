// One saved parcel in the sheet: its details, the inline notes editor and the inline delete confirmation.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { SavedParcelRecord } from '@parcel-map/shared';
import { errorMessageOf, NOTES_MAX_LENGTH, useDeleteSavedParcelMutation, useUpdateSavedParcelNotesMutation } from '@parcel-map/shared/api';
import { DeleteConfirmation } from '../forms/DeleteConfirmation.tsx';
import { SavedParcelTags } from './SavedParcelTags.tsx';
import { SavedParcelChanges } from './SavedParcelChanges.tsx';

const NOTE_UPDATE_FAILED_MESSAGE = 'Could not save the new note.';
const deleteFailedMessage = (message: string | undefined) => `Failed to delete parcel: ${message || 'Unknown error'}`;

/** What the item shows below its details: nothing, the notes editor, or the delete question. */
export type ItemMode = 'view' | 'editing' | 'confirmDelete';

interface Props {
  saved: SavedParcelRecord;
  /** The value the list is sorted by, where the card would not show it otherwise. */
  sortedBy: string | null;
  mode: ItemMode;
  onModeChange: (mode: ItemMode) => void;
  onViewOnMap: () => void;
  /** The datalist of the user's tags, suggested when adding one. */
  tagSuggestionsId: string;
  /** After a delete: this item is about to disappear, so focus needs a new home. */
  onDeleted: () => void;
}

export function SavedParcelItem({ saved, sortedBy, mode, onModeChange, onViewOnMap, tagSuggestionsId, onDeleted }: Props) {
  const [updateNotes, { isLoading: updating }] = useUpdateSavedParcelNotesMutation();
  const [deleteSaved, { isLoading: deleting }] = useDeleteSavedParcelMutation();
  const [draft, setDraft] = useState(saved.notes ?? '');
  const id = useId();
  const editorRef = useRef<HTMLTextAreaElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const deleteButtonRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const previousMode = useRef(mode);

  // Focus follows the inline controls: into the editor or the question, and back when they close.
  useEffect(() => {
    const before = previousMode.current;
    previousMode.current = mode;
    if (mode === 'editing' && before !== 'editing') {
      setDraft(saved.notes ?? '');
      editorRef.current?.focus();
    } else if (mode === 'confirmDelete' && before !== 'confirmDelete') {
      confirmRef.current?.focus();
    } else if (mode === 'view' && before === 'editing') {
      editButtonRef.current?.focus();
    } else if (mode === 'view' && before === 'confirmDelete') {
      deleteButtonRef.current?.focus();
    }
  }, [mode, saved.notes]);

  async function saveNotes(event: FormEvent) {
    event.preventDefault();
    if (updating) return;
    const notes = draft.slice(0, NOTES_MAX_LENGTH);
    // SPEC §4: saving identical notes just closes the editor.
    if (notes === (saved.notes ?? '')) {
      onModeChange('view');
      return;
    }
    const result = await updateNotes({ id: saved.id, notes: notes === '' ? null : notes });
    if (result.error) {
      window.alert(NOTE_UPDATE_FAILED_MESSAGE);
      return;
    }
    onModeChange('view');
  }

  async function confirmDelete() {
    if (deleting) return;
    const result = await deleteSaved(saved.id);
    if (result.error) {
      window.alert(deleteFailedMessage(errorMessageOf(result.error)));
      onModeChange('view');
      return;
    }
    onDeleted();
  }

  const titleId = `${id}-title`;
  return (
    <li className="saved-item" aria-labelledby={titleId}>
      <div className="saved-item__body">
        <div className="saved-item__details">
          <h3 id={titleId} className="saved-item__owner">
            {saved.parcel_owner_name}
          </h3>
          <div>{saved.parcel_address}</div>
          <div className="saved-item__pin">PIN {saved.parcel_pin}</div>
          <SavedParcelChanges saved={saved} />
          {sortedBy && <div className="saved-item__sorted-by">{sortedBy}</div>}
          {mode !== 'editing' && saved.notes && <p className="saved-item__notes">{saved.notes}</p>}
          <SavedParcelTags saved={saved} suggestionsId={tagSuggestionsId} />
        </div>
        <div className="saved-item__actions">
          <button type="button" className="pm-button" onClick={onViewOnMap} disabled={Boolean(saved.gone)}>
            View on Map
          </button>
          <button
            ref={editButtonRef}
            type="button"
            className="pm-button pm-button--secondary"
            aria-label={`Edit notes for ${saved.parcel_pin}`}
            disabled={mode === 'editing'}
            onClick={() => onModeChange('editing')}
          >
            Edit
          </button>
          <button
            ref={deleteButtonRef}
            type="button"
            className="pm-button pm-button--secondary pm-button--danger"
            aria-label={`Delete ${saved.parcel_pin}`}
            disabled={mode === 'confirmDelete'}
            onClick={() => onModeChange('confirmDelete')}
          >
            Delete
          </button>
        </div>
      </div>

      {mode === 'editing' && (
        <form className="saved-item__editor" onSubmit={saveNotes} aria-label={`Notes for ${saved.parcel_pin}`}>
          <label htmlFor={`${id}-notes`}>Notes</label>
          <textarea
            id={`${id}-notes`}
            ref={editorRef}
            value={draft}
            rows={3}
            readOnly={updating}
            aria-describedby={`${id}-counter`}
            onChange={(e) => setDraft(e.target.value.slice(0, NOTES_MAX_LENGTH))}
            onKeyDown={(e) => {
              // Escape leaves the editor, not the whole sheet.
              if (e.key === 'Escape') {
                e.preventDefault();
                onModeChange('view');
              }
            }}
          />
          <p className="saved-item__counter" id={`${id}-counter`}>
            {draft.length}/{NOTES_MAX_LENGTH} characters
          </p>
          <div className="saved-item__row">
            <button type="button" className="pm-button pm-button--secondary" onClick={() => onModeChange('view')} disabled={updating}>
              Cancel
            </button>
            <button type="submit" className="pm-button" disabled={updating}>
              {updating ? 'Saving...' : 'Save Notes'}
            </button>
          </div>
        </form>
      )}

      {mode === 'confirmDelete' && (
        <DeleteConfirmation
          subject={saved.parcel_pin}
          question="Delete this saved parcel?"
          deleting={deleting}
          confirmRef={confirmRef}
          onConfirm={() => void confirmDelete()}
          onCancel={() => onModeChange('view')}
        />
      )}
    </li>
  );
}
