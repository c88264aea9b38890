// Saved-parcel calls (SPEC §7). In shared because the map reads the list (is this parcel saved?) and
// the saved-parcels remote reads and changes it.
import { baseApi } from '../api/baseApi.ts';
import type { SaveParcelBody, SavedParcelList, SavedParcelRecord, UpdateSavedParcelBody } from './savedParcelTypes.ts';

/** SPEC §5: an all-digit id is sent as a number. */
export function savedParcelIdForPath(id: number | string): string {
  return /^\d+$/.test(String(id)) ? String(Number(id)) : encodeURIComponent(String(id));
}

export const savedParcelsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listSavedParcels: build.query<SavedParcelRecord[], void>({
      query: () => ({ path: '/api/saved-parcels', requireAuth: true }),
      transformResponse: (response: SavedParcelList) => response.parcels,
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
  useDeleteSavedParcelMutation,
} = savedParcelsApi;
