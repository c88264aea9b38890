// The administrators' /api/admin calls of the Data page (shapes: shared/src/datasets/), parsed with
// the wire contract. The file bytes themselves go up with uploadFile.ts, for its progress events.
import {
  baseApi,
  changesPageSchema,
  errorMessageOf,
  datasetVersionsAnswerSchema,
  imageryImportReportSchema,
  importJobSchema,
  importLimitsSchema,
  overlayImportReportSchema,
  overlayVersionsAnswerSchema,
  type ChangesPage,
  type DatasetVersionsAnswer,
  type ImageryImportBody,
  type ImageryImportReport,
  type ImportJob,
  type ImportLimits,
  type OverlayImportBody,
  type OverlayImportReport,
  type OverlayVersionsAnswer,
  type ParcelChangeKind,
  type ValidateImportBody,
} from '@parcel-map/shared/api';

const INVALID_ANSWER = { message: 'Received invalid data from the server.' };

/** What the Data page says of a failed call: the API's message, else a general one. */
export const failureMessage = (error: unknown) => errorMessageOf(error) ?? 'Something went wrong. Try again.';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['DatasetVersions', 'OverlayVersions'] });

export const dataAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getImportLimits: build.query<ImportLimits, void>({
      query: () => ({ path: '/api/admin/limits', requireAuth: true }),
      rawResponseSchema: importLimitsSchema,
      catchSchemaFailure: () => INVALID_ANSWER,
    }),
    listDatasetVersions: build.query<DatasetVersionsAnswer, void>({
      query: () => ({ path: '/api/admin/datasets', requireAuth: true }),
      rawResponseSchema: datasetVersionsAnswerSchema,
      catchSchemaFailure: () => INVALID_ANSWER,
      providesTags: ['DatasetVersions'],
    }),
    rollbackDataset: build.mutation<unknown, string>({
      query: (name) => ({ path: `/api/admin/datasets/${encodeURIComponent(name)}/rollback`, method: 'POST', requireAuth: true }),
      invalidatesTags: ['DatasetVersions'],
    }),
    /** Roll forward: a kept version that is not served (the one rolled back from, or older) is served again. */
    republishDataset: build.mutation<unknown, { name: string; version: number }>({
      query: ({ name, version }) => ({ path: `/api/admin/datasets/${encodeURIComponent(name)}/versions/${version}/publish`, method: 'POST', requireAuth: true }),
      invalidatesTags: ['DatasetVersions'],
    }),
    removeDataset: build.mutation<unknown, string>({
      query: (name) => ({ path: `/api/admin/datasets/${encodeURIComponent(name)}`, method: 'DELETE', requireAuth: true }),
      invalidatesTags: ['DatasetVersions'],
    }),
    /** The map opens on this data set's extent from now on. */
    setInitialView: build.mutation<unknown, string>({
      query: (dataset) => ({ path: '/api/admin/initial-view', method: 'PUT', body: { dataset }, requireAuth: true }),
    }),
    createImport: build.mutation<ImportJob, void>({
      query: () => ({ path: '/api/admin/imports', method: 'POST', requireAuth: true }),
      rawResponseSchema: importJobSchema,
      catchSchemaFailure: () => INVALID_ANSWER,
    }),
    getImport: build.query<ImportJob, string>({
      query: (id) => ({ path: `/api/admin/imports/${encodeURIComponent(id)}`, requireAuth: true }),
      rawResponseSchema: importJobSchema,
      catchSchemaFailure: () => INVALID_ANSWER,
      keepUnusedDataFor: 0,
    }),
    validateImport: build.mutation<ImportJob, { id: string; body: ValidateImportBody }>({
      query: ({ id, body }) => ({ path: `/api/admin/imports/${encodeURIComponent(id)}/validate`, method: 'POST', body, requireAuth: true }),
      rawResponseSchema: importJobSchema,
      catchSchemaFailure: () => INVALID_ANSWER,
    }),
    publishImport: build.mutation<ImportJob, string>({
      query: (id) => ({ path: `/api/admin/imports/${encodeURIComponent(id)}/publish`, method: 'POST', requireAuth: true }),
      rawResponseSchema: importJobSchema,
      catchSchemaFailure: () => INVALID_ANSWER,
    }),
    /** Checks (dryRun) or publishes the job's uploaded overlay file; the API answers its report and drops the job. */
    importOverlay: build.mutation<OverlayImportReport, { id: string; body: OverlayImportBody }>({
      query: ({ id, body }) => ({ path: `/api/admin/imports/${encodeURIComponent(id)}/overlay`, method: 'POST', body, requireAuth: true }),
      rawResponseSchema: overlayImportReportSchema,
      catchSchemaFailure: () => INVALID_ANSWER,
      invalidatesTags: (report) => (report?.overlay.version != null ? ['OverlayVersions'] : []),
    }),
    /** Publishes the job's uploaded image as imagery; the API answers its report once tiled and drops the job. */
    importImagery: build.mutation<ImageryImportReport, { id: string; body: ImageryImportBody }>({
      query: ({ id, body }) => ({ path: `/api/admin/imports/${encodeURIComponent(id)}/imagery`, method: 'POST', body, requireAuth: true }),
      rawResponseSchema: imageryImportReportSchema,
      catchSchemaFailure: () => INVALID_ANSWER,
    }),
    listOverlayVersions: build.query<OverlayVersionsAnswer, void>({
      query: () => ({ path: '/api/admin/overlays', requireAuth: true }),
      rawResponseSchema: overlayVersionsAnswerSchema,
      catchSchemaFailure: () => INVALID_ANSWER,
      providesTags: ['OverlayVersions'],
    }),
    rollbackOverlay: build.mutation<unknown, string>({
      query: (name) => ({ path: `/api/admin/overlays/${encodeURIComponent(name)}/rollback`, method: 'POST', requireAuth: true }),
      invalidatesTags: ['OverlayVersions'],
    }),
    removeOverlay: build.mutation<unknown, string>({
      query: (name) => ({ path: `/api/admin/overlays/${encodeURIComponent(name)}`, method: 'DELETE', requireAuth: true }),
      invalidatesTags: ['OverlayVersions'],
    }),
    /** A page of a change log: `path`, a validated import's or a version's (…/changes), one kind or all. */
    getChanges: build.query<ChangesPage, { path: string; kind: ParcelChangeKind | undefined; offset: number; limit: number }>({
      query: ({ path, kind, offset, limit }) => ({ path: `${path}?${new URLSearchParams({ ...(kind ? { kind } : {}), offset: String(offset), limit: String(limit) })}`, requireAuth: true }),
      rawResponseSchema: changesPageSchema,
      catchSchemaFailure: () => INVALID_ANSWER,
    }),
    discardImport: build.mutation<unknown, string>({
      query: (id) => ({ path: `/api/admin/imports/${encodeURIComponent(id)}`, method: 'DELETE', requireAuth: true }),
    }),
  }),
});

export const {
  useGetChangesQuery,
  useGetImportLimitsQuery,
  useListDatasetVersionsQuery,
  useRollbackDatasetMutation,
  useRepublishDatasetMutation,
  useRemoveDatasetMutation,
  useSetInitialViewMutation,
  useCreateImportMutation,
  useGetImportQuery,
  useValidateImportMutation,
  usePublishImportMutation,
  useDiscardImportMutation,
  useImportOverlayMutation,
  useImportImageryMutation,
  useListOverlayVersionsQuery,
  useRollbackOverlayMutation,
  useRemoveOverlayMutation,
} = dataAdminApi;
