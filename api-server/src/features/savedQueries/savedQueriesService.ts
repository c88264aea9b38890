import { SAVED_QUERIES_FULL_MESSAGE, SAVED_QUERY_NAME_TAKEN_MESSAGE, type SavedQuery } from '@parcel-map/shared/contracts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/http/httpErrors.ts';
import { QUOTA_FULL } from '../../platform/userQuota.ts';
import { NAME_TAKEN, type SavedQueriesRepository } from './savedQueriesRepository.ts';

const NOT_FOUND_MESSAGE = 'Saved query not found';

export function createSavedQueriesService(deps: { savedQueries: SavedQueriesRepository }) {
  return {
    list: (userId: string): Promise<SavedQuery[]> => deps.savedQueries.list(userId),

    async create(userId: string, name: string, query: SavedQuery['query']): Promise<SavedQuery> {
      const saved = await deps.savedQueries.insert(userId, name, query);
      if (saved === QUOTA_FULL) throw new ForbiddenError(SAVED_QUERIES_FULL_MESSAGE);
      if (saved === NAME_TAKEN) throw new ConflictError(SAVED_QUERY_NAME_TAKEN_MESSAGE);
      return saved;
    },

    async update(userId: string, id: number | null, changes: { name?: string; query?: SavedQuery['query'] }): Promise<SavedQuery> {
      const saved = id === null ? undefined : await deps.savedQueries.update(userId, id, changes);
      if (saved === NAME_TAKEN) throw new ConflictError(SAVED_QUERY_NAME_TAKEN_MESSAGE);
      if (!saved) throw new NotFoundError(NOT_FOUND_MESSAGE);
      return saved;
    },

    async remove(userId: string, id: number | null): Promise<void> {
      const deleted = id === null ? false : await deps.savedQueries.delete(userId, id);
      if (!deleted) throw new NotFoundError(NOT_FOUND_MESSAGE);
    },
  };
}

export type SavedQueriesService = ReturnType<typeof createSavedQueriesService>;
