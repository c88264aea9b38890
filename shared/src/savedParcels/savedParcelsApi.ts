// Saved-parcel calls (SPEC §7). In shared because the map reads the list (is this parcel saved?) and
// the saved-parcels remote reads and changes it.
import { baseApi } from '../api/baseApi.ts';
import {
  savedParcelDetailsListSchema,
  savedParcelListSchema,
  type SavedParcelDetails,
  type SavedParcelList,
  type SavedParcelRecord,
} from './savedParcelContract.ts';
// Types only: the browser sends these bodies but leaves their schemas to the API.
import type { SaveParcelBody, SavedParcelTagsBody, UpdateSavedParcelBody } from './savedParcelRequests.ts';

/** Never shown: the sheet answers any failed load with SPEC §8's 'Failed to load saved parcels…'. */
const INVALID_LIST_MESSAGE = 'Received invalid saved parcel data from the server.';

/** SPEC §5: an all-digit id is sent as a number. */
export function savedParcelIdForPath(id: number | string): string {
  return /^\d+$/.test(String(id)) ? String(Number(id)) : encodeURIComponent(String(id));
}

export const savedParcelsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listSavedParcels: build.query<SavedParcelRecord[], void, SavedParcelList>({
      query: () => ({ path: '/api/saved-parcels', requireAuth: true }),
      // A list that breaks the contract is a failed load like any other, not records the screens trust.
      rawResponseSchema: savedParcelListSchema,
      catchSchemaFailure: () => ({ message: INVALID_LIST_MESSAGE }),
      transformResponse: (response) => response.parcels,
      providesTags: ['SavedParcels'],
    }),
    saveParcel: build.mutation<SavedParcelRecord, SaveParcelBody>({
      query: (body) => ({ path: '/api/saved-parcels', method: 'POST', body, requireAuth: true }),
      invalidatesTags: ['SavedParcels'],
    }),
    updateSavedParcelNotes: build.mutation<SavedParcelRecord, { id: number | string } & UpdateSavedParcelBody>({
      query: ({ id, notes }) => ({
        path: `/api/saved-parcels/${savedParcelIdForPath(id)}`,
        method: 'PUT',
        body: { notes },
        requireAuth: true,
      }),
      invalidatesTags: ['SavedParcels'],
    }),
    updateSavedParcelTags: build.mutation<SavedParcelRecord, { id: number | string } & SavedParcelTagsBody>({
      query: ({ id, tags }) => ({
        path: `/api/saved-parcels/${savedParcelIdForPath(id)}/tags`,
        method: 'PUT',
        body: { tags },
        requireAuth: true,
      }),
      invalidatesTags: ['SavedParcels'],
    }),
    /** Each saved parcel's parcel record and outline: the exports and the acres sort. */
    listSavedParcelDetails: build.query<SavedParcelDetails[], void, { parcels: SavedParcelDetails[] }>({
      query: () => ({ path: '/api/saved-parcels/details', requireAuth: true }),
      rawResponseSchema: savedParcelDetailsListSchema,
      catchSchemaFailure: () => ({ message: INVALID_LIST_MESSAGE }),
      transformResponse: (response) => response.parcels,
      providesTags: ['SavedParcels'],
    }),
    /** The user has looked at every change of their saved parcels so far (issue #43). */
    markSavedParcelChangesSeen: build.mutation<null, void>({
      query: () => ({ path: '/api/saved-parcels/changes/seen', method: 'POST', requireAuth: true }),
      invalidatesTags: ['SavedParcels'],
    }),
    deleteSavedParcel: build.mutation<null, number | string>({
      query: (id) => ({ path: `/api/saved-parcels/${savedParcelIdForPath(id)}`, method: 'DELETE', requireAuth: true }),
      invalidatesTags: ['SavedParcels'],
    }),
  }),
});

export const {
  useListSavedParcelsQuery,
  useSaveParcelMutation,
  useUpdateSavedParcelNotesMutation,
  useUpdateSavedParcelTagsMutation,
  useListSavedParcelDetailsQuery,
  useDeleteSavedParcelMutation,
  useMarkSavedParcelChangesSeenMutation,
} = savedParcelsApi;
