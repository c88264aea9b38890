// One markup in the sheet: its colour, name, kind, what it measures and its note; shown or hidden on the map; View on Map; an
// inline rename and an inline delete confirmation, focus following them as in the parcels' list.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { markupFocused, selectMeasureUnits, useAppDispatch, useAppSelector, type Markup } from '@parcel-map/shared';
import { measurementOf, measurementSummary } from '@parcel-map/shared/measure';
import { DeleteConfirmation } from '../forms/DeleteConfirmation.tsx';
import { MARKUP_NAME_MAX_LENGTH, useDeleteMarkupMutation, useUpdateMarkupMutation } from '@parcel-map/shared/api';

const KIND_LABELS: Record<Markup['geometry']['type'], string> = { Point: 'Point', LineString: 'Line', Polygon: 'Area' };
const MARKUP_CHANGE_FAILED = 'Could not change the markup.';

type Mode = 'view' | 'renaming' | 'confirmDelete';

function errorText(error: unknown): string {
  return error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message ? error.message : MARKUP_CHANGE_FAILED;
}

export function MarkupItem({ markup, onViewOnMap, onDeleted }: { markup: Markup; onViewOnMap: () => void; onDeleted: () => void }) {
  const dispatch = useAppDispatch();
  const [updateMarkup, { isLoading: updating }] = useUpdateMarkupMutation();
  const [deleteMarkup, { isLoading: deleting }] = useDeleteMarkupMutation();
  const [mode, setMode] = useState<Mode>('view');
  const [draft, setDraft] = useState(markup.name);
  const [error, setError] = useState<string | null>(null);
  // The box follows a click at once; the saved value wins again when the answer (or a failure) comes.
  const [shown, setShown] = useState(markup.visible);
  useEffect(() => setShown(markup.visible), [markup.visible]);
  const measured = measurementOf(markup.geometry);
  const units = useAppSelector(selectMeasureUnits);
  const id = useId();
  const nameInputRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const renameButtonRef = useRef<HTMLButtonElement>(null);
  const previousMode = useRef(mode);

  useEffect(() => {
    const before = previousMode.current;
    previousMode.current = mode;
    if (mode === 'renaming') {
      nameInputRef.current?.focus();
      nameInputRef.current?.select();
    }
    else if (mode === 'confirmDelete') confirmRef.current?.focus();
    else if (before === 'renaming') renameButtonRef.current?.focus();
  }, [mode]);

  async function change(changes: { name?: string; visible?: boolean }) {
    setError(null);
    const result = await updateMarkup({ id: markup.id, ...changes });
    if (result.error) setError(errorText(result.error));
    return !result.error;
  }

  async function rename(event: FormEvent) {
    event.preventDefault();
    if (updating || draft.trim() === '') return;
    if (draft.trim() === markup.name || (await change({ name: draft }))) setMode('view');
  }

  async function confirmDelete() {
    if (deleting) return;
    const result = await deleteMarkup(markup.id);
    if (result.error) {
      setError(errorText(result.error));
      setMode('view');
    } else onDeleted();
  }

  return (
    <li className="saved-item markup-item" aria-labelledby={`${id}-name`}>
      <div className="saved-item__body">
        <div className="markup-item__title">
          <span className="markup-item__swatch" style={{ background: markup.color }} aria-hidden="true" />
          <div>
            <h3 className="saved-item__owner" id={`${id}-name`}>
              {markup.name}
            </h3>
            <span className="saved-item__pin">
              {KIND_LABELS[markup.geometry.type]} · saved {new Date(markup.created_at).toLocaleDateString()}
            </span>
            {measured && markup.geometry.type !== 'Point' && <div className="saved-item__measure">{measurementSummary(measured, units).total}</div>}
            {markup.note && <p className="saved-item__notes">{markup.note}</p>}
          </div>
        </div>
        <div className="saved-item__actions">
          <label className="markup-item__shown">
            <input
              type="checkbox"
              aria-label={`Shown on map: ${markup.name}`}
              checked={shown}
              onChange={(e) => {
                const visible = e.target.checked;
                setShown(visible);
                void change({ visible }).then((changed) => changed || setShown(markup.visible));
              }}
            />
            Shown on map
          </label>
          <button
            type="button"
            className="pm-button pm-button--secondary"
            aria-label={`View on Map: ${markup.name}`}
            onClick={() => {
              dispatch(markupFocused({ geometry: markup.geometry }));
              onViewOnMap();
            }}
          >
            View on Map
          </button>
          <button
            ref={renameButtonRef}
            type="button"
            className="pm-button pm-button--secondary"
            aria-label={`Rename ${markup.name}`}
            aria-expanded={mode === 'renaming'}
            onClick={() => {
              setDraft(markup.name);
              setMode('renaming');
            }}
          >
            Rename
          </button>
          <button type="button" className="pm-button pm-button--secondary pm-button--danger" aria-label={`Delete ${markup.name}`} onClick={() => setMode('confirmDelete')}>
            Delete
          </button>
        </div>
      </div>
      {mode === 'renaming' && (
        <form
          className="saved-item__editor"
          onSubmit={rename}
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.preventDefault();
            setMode('view');
          }}
        >
          <label htmlFor={`${id}-rename`}>New name</label>
          <input id={`${id}-rename`} ref={nameInputRef} className="save-modal__input" value={draft} maxLength={MARKUP_NAME_MAX_LENGTH} onChange={(e) => setDraft(e.target.value)} />
          <div className="saved-item__row">
            <button type="button" className="pm-button pm-button--secondary" onClick={() => setMode('view')}>
              Cancel
            </button>
            <button type="submit" className="pm-button" disabled={updating || draft.trim() === ''}>
              Save name
            </button>
          </div>
        </form>
      )}
      {mode === 'confirmDelete' && (
        <DeleteConfirmation
          subject={markup.name}
          question="Delete this markup?"
          deleting={deleting}
          confirmRef={confirmRef}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setMode('view')}
        />
      )}
      {error && (
        <p className="save-modal__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
