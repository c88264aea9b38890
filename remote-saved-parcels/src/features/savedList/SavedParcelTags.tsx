// A saved parcel's tags: shown as chips, each removable, and an input that adds one, suggesting the
// tags the user already uses (a datalist shared by the sheet).
import { useState, type FormEvent } from 'react';
import type { SavedParcelRecord } from '@parcel-map/shared';
import { TAG_MAX_LENGTH, TAGS_MAX_COUNT, useUpdateSavedParcelTagsMutation } from '@parcel-map/shared/api';

const TAGS_UPDATE_FAILED_MESSAGE = 'Could not save the tags.';

export function SavedParcelTags({ saved, suggestionsId }: { saved: SavedParcelRecord; suggestionsId: string }) {
  const [updateTags, { isLoading }] = useUpdateSavedParcelTagsMutation();
  const [draft, setDraft] = useState('');

  const save = async (tags: string[]) => {
    const result = await updateTags({ id: saved.id, tags });
    if (result.error) window.alert(TAGS_UPDATE_FAILED_MESSAGE);
    return !result.error;
  };

  async function addTag(event: FormEvent) {
    event.preventDefault();
    const tag = draft.trim().replace(/\s+/g, ' ');
    if (!tag || isLoading) return;
    if (saved.tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) {
      setDraft('');
      return;
    }
    if (await save([...saved.tags, tag])) setDraft('');
  }

  const full = saved.tags.length >= TAGS_MAX_COUNT;
  return (
    <div className="saved-tags">
      {saved.tags.length > 0 && (
        <ul className="saved-tags__list" aria-label={`Tags of ${saved.parcel_pin}`}>
          {saved.tags.map((tag) => (
            <li key={tag} className="saved-tags__tag">
              {tag}
              <button
                type="button"
                className="saved-tags__remove"
                aria-label={`Remove tag ${tag} from ${saved.parcel_pin}`}
                disabled={isLoading}
                onClick={() => void save(saved.tags.filter((other) => other !== tag))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {!full && (
        <form className="saved-tags__add" onSubmit={(event) => void addTag(event)}>
          <input
            list={suggestionsId}
            value={draft}
            maxLength={TAG_MAX_LENGTH}
            placeholder="Add tag"
            aria-label={`Add tag to ${saved.parcel_pin}`}
            readOnly={isLoading}
            onChange={(event) => setDraft(event.target.value)}
          />
        </form>
      )}
    </div>
  );
}
