// Markup calls (issue #25): in shared because the map draws the user's markups and the saved-parcels
// remote lists, saves and changes them; the 'Markups' tag keeps both in step.
import { baseApi } from '../api/baseApi.ts';
import { savedParcelIdForPath } from '../savedParcels/savedParcelsApi.ts';
import { markupListSchema, type Markup } from './markupContract.ts';
// Types only: the browser sends these bodies but leaves their schemas to the API.
import type { CreateMarkupBody, UpdateMarkupBody } from './markupContract.ts';

const INVALID_LIST_MESSAGE = 'Received invalid markup data from the server.';

export const markupsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listMarkups: build.query<Markup[], void, { markups: Markup[] }>({
      query: () => ({ path: '/api/markups', requireAuth: true }),
      rawResponseSchema: markupListSchema,
      catchSchemaFailure: () => ({ message: INVALID_LIST_MESSAGE }),
      transformResponse: (response) => response.markups,
      providesTags: ['Markups'],
    }),
    createMarkup: build.mutation<Markup, CreateMarkupBody>({
      query: (body) => ({ path: '/api/markups', method: 'POST', body, requireAuth: true }),
      invalidatesTags: ['Markups'],
    }),
    /** Rename, recolour, show or hide. */
    updateMarkup: build.mutation<Markup, { id: number } & UpdateMarkupBody>({
      query: ({ id, ...changes }) => ({ path: `/api/markups/${savedParcelIdForPath(id)}`, method: 'PATCH', body: changes, requireAuth: true }),
      invalidatesTags: ['Markups'],
    }),
    deleteMarkup: build.mutation<null, number>({
      query: (id) => ({ path: `/api/markups/${savedParcelIdForPath(id)}`, method: 'DELETE', requireAuth: true }),
      invalidatesTags: ['Markups'],
    }),
  }),
});

export const { useListMarkupsQuery, useCreateMarkupMutation, useUpdateMarkupMutation, useDeleteMarkupMutation } = markupsApi;
