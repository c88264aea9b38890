// /api/saved-queries (issue #42): the user's queries kept by name on the server. Only the query panel
// reads and changes them, so its endpoints live here; the 'SavedQueries' tag keeps the list in step.
import { baseApi, savedParcelIdForPath, type ApiQueryError, savedQueryListSchema, type SavedQuery, type SavedQueryConditions } from '@parcel-map/shared/api';

const INVALID_LIST_MESSAGE = 'Received invalid saved query data from the server.';

const savedQueriesApi = baseApi.enhanceEndpoints({ addTagTypes: ['SavedQueries'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The one saved last first. */
    listSavedQueries: build.query<SavedQuery[], void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const answer = await baseQuery({ path: '/api/saved-queries', requireAuth: true });
        if (answer.error) return { error: answer.error as ApiQueryError };
        // A list that breaks the contract is a failed load, not queries the panel runs.
        const list = savedQueryListSchema.safeParse(answer.data);
        return list.success ? { data: list.data.queries } : { error: { message: INVALID_LIST_MESSAGE } };
      },
      providesTags: ['SavedQueries'],
    }),
    createSavedQuery: build.mutation<SavedQuery, { name: string; query: SavedQueryConditions }>({
      query: (body) => ({ path: '/api/saved-queries', method: 'POST', body, requireAuth: true }),
      invalidatesTags: ['SavedQueries'],
    }),
    /** Rename it, replace its conditions, or both. */
    updateSavedQuery: build.mutation<SavedQuery, { id: number; name?: string; query?: SavedQueryConditions }>({
      query: ({ id, ...changes }) => ({ path: `/api/saved-queries/${savedParcelIdForPath(id)}`, method: 'PATCH', body: changes, requireAuth: true }),
      invalidatesTags: ['SavedQueries'],
    }),
    deleteSavedQuery: build.mutation<null, number>({
      query: (id) => ({ path: `/api/saved-queries/${savedParcelIdForPath(id)}`, method: 'DELETE', requireAuth: true }),
      invalidatesTags: ['SavedQueries'],
    }),
  }),
});

export const { useListSavedQueriesQuery, useCreateSavedQueryMutation, useUpdateSavedQueryMutation, useDeleteSavedQueryMutation } = savedQueriesApi;
