// Markup calls: in shared because the map draws the user's markups and the saved-parcels
// remote lists, saves and changes them; the 'Markups' tag keeps both in step.
import { baseApi } from '../api/baseApi.ts';
import { savedParcelIdForPath } from '../savedParcels/savedParcelsApi.ts';
import { markupPageSchema, type Markup } from './markupContract.ts';
// Types only: the browser sends these bodies but leaves their schemas to the API.
import type { CreateMarkupBody, UpdateMarkupBody } from './markupContract.ts';

const INVALID_LIST_MESSAGE = 'Received invalid markup data from the server.';

export const markupsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** All of the user's markups, newest first: the pages one after another, as the map draws them all. */
    listMarkups: build.query<Markup[], void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const markups: Markup[] = [];
        let before: number | null = null;
        do {
          const answer = await baseQuery({ path: before === null ? '/api/markups' : `/api/markups?before=${before}`, requireAuth: true });
          if (answer.error) return { error: answer.error };
          const page = markupPageSchema.safeParse(answer.data);
          if (!page.success) return { error: { message: INVALID_LIST_MESSAGE } };
          markups.push(...page.data.markups);
          before = page.data.next_before;
        } while (before !== null);
        return { data: markups };
      },
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
