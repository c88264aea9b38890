// The Data page's imagery services (/api/admin/imagery-services; shapes in
// shared/src/imagery/imageryServiceContract.ts): the list, add, remove.
import { baseApi, imageryServicesAnswerSchema, imageryTileServiceSchema, type ImageryServiceBody, type ImageryServicesAnswer, type ImageryTileService } from '@parcel-map/shared/api';

const INVALID_ANSWER = { message: 'Received invalid data from the server.' };
const PATH = '/api/admin/imagery-services';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['ImageryServices'] });

const imageryServicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listImageryServices: build.query<ImageryServicesAnswer, void>({
      query: () => ({ path: PATH, requireAuth: true }),
      rawResponseSchema: imageryServicesAnswerSchema,
      catchSchemaFailure: () => INVALID_ANSWER,
      providesTags: ['ImageryServices'],
    }),
    addImageryService: build.mutation<ImageryTileService, ImageryServiceBody>({
      query: (body) => ({ path: PATH, method: 'POST', body, requireAuth: true }),
      rawResponseSchema: imageryTileServiceSchema,
      catchSchemaFailure: () => INVALID_ANSWER,
      invalidatesTags: ['ImageryServices'],
    }),
    removeImageryService: build.mutation<unknown, string>({
      query: (name) => ({ path: `${PATH}/${encodeURIComponent(name)}`, method: 'DELETE', requireAuth: true }),
      invalidatesTags: ['ImageryServices'],
    }),
  }),
});

export const { useListImageryServicesQuery, useAddImageryServiceMutation, useRemoveImageryServiceMutation } = imageryServicesApi;
