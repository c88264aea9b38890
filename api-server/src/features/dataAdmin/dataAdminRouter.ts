// /api/admin: what the Data page and the import and datasets commands do through a running API —
// data set versions, rollback, removal, the map's initial view, imports (upload, validate,
// publish), overlays (import, versions, rollback, removal) and imagery (import, versions, rollback,
// removal with its files). Administrators only (platform/auth/adminAccess.ts); shapes in
// shared/src/datasets/{datasetContract,importContract}.ts and shared/src/imagery/{imageryAdminContract,imageryVersionsContract}.ts.
import type { IncomingMessage } from 'node:http';
import { Router, type Request } from 'express';
import type { Db } from '@parcel-map/database';
import { bundledMappingNames, bundledOverlayMappingNames } from '@parcel-map/county-data/import';
import {
  DatasetError, listDatasetVersions, versionChangeLog, listImageryVersions, listOverlayVersions, removeDataset, removeImagery, removeOverlay, republishDataset, rollbackDataset, rollbackImagery, rollbackOverlay,
  type ImageryVersionRow,
} from '@parcel-map/county-data/publish';
import {
  imageryImportBodySchema,
  initialViewSettingSchema,
  overlayImportBodySchema,
  validateImportBodySchema,
  type AdminAccessAnswer,
  type DatasetVersionsAnswer,
  type ImageryVersion,
  type ImageryVersionsAnswer,
  type ImportLimits,
  type OverlayVersionsAnswer,
} from '@parcel-map/shared/contracts';
import * as z from 'zod/mini';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '../../platform/http/httpErrors.ts';
import type { AdminAccess } from '../../platform/auth/adminAccess.ts';
import type { DatasetsRepository } from '../datasets/datasetsRepository.ts';
import { sendChangeLog } from './changeLogAnswers.ts';
import type { ImportJobs } from './importJobs.ts';

const initialViewBodySchema = z.union([initialViewSettingSchema, z.object({ dataset: z.string() })]);
/** Where the router is mounted (createApp.ts). */
export const DATA_ADMIN_PATH = '/api/admin';
const FILE_UPLOAD_URL = new RegExp(`^${DATA_ADMIN_PATH}/imports/[^/?]+/files/[^/?]+(?:\\?|$)`);
/** What an upload's body may be: the file's bytes, said to be so or not said to be anything. */
const FILE_BYTES_TYPE = 'application/octet-stream';

/**
 * A file upload, whose body is the file's bytes whatever it declares: the app's JSON body parser leaves
 * it to the route, which refuses any type but bytes (415) once the administrator check has passed —
 * parsed, a JSON body would be drained and an empty file stored.
 */
export function isFileUpload(req: IncomingMessage): boolean {
  return req.method === 'PUT' && FILE_UPLOAD_URL.test(req.url ?? '');
}

export interface DataAdminDeps {
  db: Db;
  datasets: DatasetsRepository;
  imports: ImportJobs;
  /** Where imagery's files are (IMAGERY_DIR, else DATA_DIR/imagery): a removal deletes them. */
  imageryDir: string;
  maxUploadBytes: number;
  access: AdminAccess;
  /** Called once a publish has committed (the API warms the new version's tiles). */
  onPublished: () => void;
}

export function createDataAdminRouter(deps: DataAdminDeps): Router {
  const router = Router();

  // Whether to show the Data link and page, asked by every signed-in user's map: an answer, not a 403.
  router.get('/access', deps.access.identify, (req, res) => {
    const answer: AdminAccessAnswer = { administrator: req.administrator === true };
    res.json(answer);
  });

  router.use(deps.access.requireAdmin);

  router.get('/limits', async (_req, res) => {
    const [bundledMappings, bundledOverlayMappings] = await Promise.all([bundledMappingNames(), bundledOverlayMappingNames()]);
    const limits: ImportLimits = { maxUploadBytes: deps.maxUploadBytes, bundledMappings, bundledOverlayMappings };
    res.json(limits);
  });

  router.get('/datasets', async (_req, res) => {
    const [dataVersion, rows] = await Promise.all([deps.datasets.dataVersion(), listDatasetVersions(deps.db)]);
    const answer: DatasetVersionsAnswer = { dataVersion, versions: rows.map(({ id: _id, ...version }) => version) };
    res.json(answer);
  });

  router.post('/datasets/:name/rollback', async (req, res) => {
    const { id: _id, ...version } = await datasetCall(() => rollbackDataset(deps.db, String(req.params.name)));
    deps.onPublished();
    res.json(version);
  });

  // Roll forward: a kept version that is not current (the one rolled back from, or older) is served again.
  router.post('/datasets/:name/versions/:version/publish', async (req, res) => {
    const version = Number(req.params.version);
    if (!Number.isInteger(version) || version < 1) throw new BadRequestError('A version is a whole number from 1');
    const { id: _id, ...served } = await datasetCall(() => republishDataset(deps.db, String(req.params.name), version));
    deps.onPublished();
    res.json(served);
  });

  // What a version changed against the one served before it: a page of JSON, or every change as CSV.
  router.get('/datasets/:name/versions/:version/changes', async (req, res) => {
    const name = String(req.params.name);
    const version = Number(req.params.version);
    const log = Number.isSafeInteger(version) ? await versionChangeLog(deps.db, name, version) : undefined;
    if (log === undefined) throw new NotFoundError(`Data set '${name}' has no version ${String(req.params.version)}`);
    if (log === null) throw new NotFoundError(`Version ${version} of data set '${name}' has no change log: nothing was served before it, or it was published before changes were recorded`);
    await sendChangeLog(req, res, log, `${name}-v${version}-changes`);
  });

  router.delete('/datasets/:name', async (req, res) => {
    await datasetCall(() => removeDataset(deps.db, String(req.params.name)));
    res.status(204).end();
  });

  router.get('/overlays', async (_req, res) => {
    const [dataVersion, rows] = await Promise.all([deps.datasets.dataVersion(), listOverlayVersions(deps.db)]);
    const answer: OverlayVersionsAnswer = { dataVersion, versions: rows.map(({ id: _id, ...version }) => version) };
    res.json(answer);
  });

  router.post('/overlays/:name/rollback', async (req, res) => {
    const { id: _id, ...version } = await datasetCall(() => rollbackOverlay(deps.db, String(req.params.name)));
    res.json(version);
  });

  router.delete('/overlays/:name', async (req, res) => {
    await datasetCall(() => removeOverlay(deps.db, String(req.params.name)));
    res.status(204).end();
  });

  router.get('/imagery', async (_req, res) => {
    const [dataVersion, rows] = await Promise.all([deps.datasets.dataVersion(), listImageryVersions(deps.db)]);
    const answer: ImageryVersionsAnswer = { dataVersion, versions: rows.map(imageryVersionOf) };
    res.json(answer);
  });

  router.post('/imagery/:name/rollback', async (req, res) => {
    res.json(imageryVersionOf(await datasetCall(() => rollbackImagery(deps.db, String(req.params.name)))));
  });

  // Every version's row, then its files.
  router.delete('/imagery/:name', async (req, res) => {
    await datasetCall(() => removeImagery(deps.db, String(req.params.name), deps.imageryDir));
    res.status(204).end();
  });

  router.put('/initial-view', async (req, res) => {
    const body = initialViewBodySchema.safeParse(req.body);
    if (!body.success) throw new BadRequestError('Give { bounds: [west, south, east, north] } or { dataset: NAME }');
    let view = body.data;
    if ('dataset' in view) {
      const name = view.dataset;
      const dataset = (await deps.datasets.current()).find((candidate) => candidate.name === name);
      if (!dataset) throw new NotFoundError(`There is no data set named '${name}'`);
      if (!dataset.bbox) throw new ConflictError(`Data set '${name}' has no parcels to zoom to`);
      view = { bounds: dataset.bbox };
    }
    await deps.datasets.setInitialView(view);
    res.json({ initialView: view });
  });

  // Back to the runtime config's view.
  router.delete('/initial-view', async (_req, res) => {
    await deps.datasets.setInitialView(null);
    res.status(204).end();
  });

  router.post('/imports', async (_req, res) => {
    res.status(201).json(await deps.imports.create());
  });

  router.get('/imports/:id', (req, res) => {
    res.json(deps.imports.get(String(req.params.id)));
  });

  // What a validated import changes against its data set's served version, before it is published.
  router.get('/imports/:id/changes', async (req, res) => {
    const log = deps.imports.changes(String(req.params.id));
    if (!log) throw new NotFoundError('This import has no changes to list: it is not validated, or its data set has no version served to compare it with');
    await sendChangeLog(req, res, log, 'import-changes');
  });

  // The file's bytes as the request body, streamed to the job's folder.
  router.put('/imports/:id/files/:name', async (req, res) => {
    refuseAllButFileBytes(req);
    const declared = req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length']);
    res.json(await deps.imports.receiveFile(String(req.params.id), String(req.params.name), req, declared));
  });

  router.post('/imports/:id/validate', (req, res) => {
    const body = validateImportBodySchema.safeParse(req.body);
    if (!body.success) throw new BadRequestError(`Invalid import request: ${body.error.issues.map((issue) => `${issue.path.join('.') || 'body'} ${issue.message}`).join('; ')}`);
    res.status(202).json(deps.imports.validate(String(req.params.id), body.data));
  });

  router.post('/imports/:id/publish', (req, res) => {
    res.status(202).json(deps.imports.publish(String(req.params.id), deps.onPublished, req.adminEmail ?? null));
  });

  // The uploaded image as imagery (the import command's --imagery, the Data page): answers the report once published.
  router.post('/imports/:id/imagery', async (req, res) => {
    const body = imageryImportBodySchema.safeParse(req.body);
    if (!body.success) throw new BadRequestError(`Invalid imagery import: ${body.error.issues.map((issue) => `${issue.path.join('.') || 'body'} ${issue.message}`).join('; ')}`);
    res.json(await datasetCall(() => deps.imports.importImagery(String(req.params.id), body.data)));
  });

  // The uploaded file as an overlay (the import command's --overlay): answers the report once done.
  router.post('/imports/:id/overlay', async (req, res) => {
    const body = overlayImportBodySchema.safeParse(req.body);
    if (!body.success) throw new BadRequestError(`Invalid overlay import: ${body.error.issues.map((issue) => `${issue.path.join('.') || 'body'} ${issue.message}`).join('; ')}`);
    res.json(await datasetCall(() => deps.imports.importOverlay(String(req.params.id), body.data)));
  });

  router.delete('/imports/:id', async (req, res) => {
    await deps.imports.discard(String(req.params.id));
    res.status(204).end();
  });

  return router;
}

function refuseAllButFileBytes(req: Request): void {
  const type = req.headers['content-type'];
  // The media type alone, parameters aside; an empty body declared as JSON is refused too.
  if (type !== undefined && type.split(';')[0]!.trim().toLowerCase() !== FILE_BYTES_TYPE) {
    throw new HttpError(415, `Send the file's bytes as the request body, with Content-Type ${FILE_BYTES_TYPE}: a JSON or form body is not a file`);
  }
}

/** An imagery version as the wire shows it: its files are the server's business. */
function imageryVersionOf({ id: _id, file: _file, lowerFiles: _lowerFiles, ...version }: ImageryVersionRow): ImageryVersion {
  return version;
}

/** A data set command's DatasetError as its HTTP answer. */
async function datasetCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof DatasetError)) throw error;
    throw new HttpError(error.kind === 'not-found' ? 404 : error.kind === 'invalid' ? 400 : 409, error.message);
  }
}
