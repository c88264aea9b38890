// Imports handed to the running API (the Data page's uploads, and the import command while the API
// holds the PGlite directory): each job has its own folder for its files, is validated in a worker
// thread (the map keeps being served meanwhile) and waits with its report until it is published or
// discarded. Jobs live in memory: a restart abandons them, which publishes nothing and loses nothing;
// their folders are swept away later (importWorkDir.ts). How many jobs one instance holds, and how many
// bytes their files take, is capped (uploadBudget.ts).
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '@parcel-map/database';
import {
  checkPreparedFile,
  defaultMapping,
  defaultOverlayMapping,
  importFileLimitsFromEnv,
  prepareImportFileInWorker,
  prepareOverlayInWorker,
  publishImport,
  publishPreparedOverlay,
  readBundledMapping,
  readBundledOverlayMapping,
  readImportMapping,
  readOverlayMapping,
  type ImportMapping,
  type ValidatedImport,
} from '@parcel-map/county-data/import';
import { importImagery } from '@parcel-map/county-data/imagery';
import { changeLogOf, changesAgainstServed, DatasetError, type ChangeLog } from '@parcel-map/county-data/publish';
import type { Bbox, ImageryImportBody, ImageryImportReport, ImportJob, OverlayImportBody, OverlayImportReport, ValidateImportBody } from '@parcel-map/shared/contracts';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '../../platform/http/httpErrors.ts';
import type { Logger } from '../../platform/logger.ts';
import { prepareWorkDir, sweepWorkDir, WORK_DIR_MODE } from './importWorkDir.ts';
import { reserveUploadBytes, type HeldBytes } from './uploadBudget.ts';
import { withoutServerPaths } from './withoutServerPaths.ts';

/** Parcels drawn on the Data page's small map before publishing. */
const SAMPLE_PARCELS = 200;
/** A job untouched this long is discarded with its files; a folder of the work dir no job owns, swept. */
const IDLE_JOB_MS = 60 * 60_000;
/** How often idle jobs and leftover folders are looked for (besides at start and at each new job). */
const SWEEP_INTERVAL_MS = 10 * 60_000;
/** A file name as uploaded: no folders, no leading dot. */
const FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9 ._()-]{0,199}$/;

interface Job extends HeldBytes {
  id: string;
  dir: string;
  state: ImportJob['state'];
  files: Map<string, number>;
  /** The files being uploaded now. */
  receiving: Set<string>;
  progress: ImportJob['progress'];
  validated: ValidatedImport | null;
  /** What the validated file changes against its data set's served version; null when none is served. */
  changes: ChangeLog | null;
  report: ImportJob['report'];
  sample: ImportJob['sample'];
  mapping: ImportMapping | null;
  error: string | null;
  touchedAt: number;
}

export interface ImportJobsDeps {
  db: Db;
  workDir: string;
  /** Named in no message a job answers (withoutServerPaths.ts), nor is the work dir. */
  dataDir: string;
  /** Where imagery imports write their tiled files (IMAGERY_DIR, else DATA_DIR/imagery). */
  imageryDir: string;
  /** One job's files in all. */
  maxUploadBytes: number;
  /** Jobs held at once, published ones aside (IMPORT_MAX_JOBS). */
  maxJobs: number;
  /** All jobs' files in all (IMPORT_MAX_STORED_MB). */
  maxStoredBytes: number;
  logger: Logger;
}

export function createImportJobs(deps: ImportJobsDeps) {
  const jobs = new Map<string, Job>();
  // Read at start-up, as the import command reads them at its start: an invalid value stops the API, naming it.
  const importFileLimits = importFileLimitsFromEnv();
  const uploadLimits = { perImportBytes: deps.maxUploadBytes, perInstanceBytes: deps.maxStoredBytes };

  async function sweep(): Promise<void> {
    await discardIdle();
    const removed = await sweepWorkDir(deps.workDir, new Set(jobs.keys()), IDLE_JOB_MS);
    if (removed.length > 0) deps.logger.info({ workDir: deps.workDir, removed }, 'leftover import folders removed');
  }
  const logSweepFailure = (error: unknown) => deps.logger.error({ err: error, workDir: deps.workDir }, 'the import work folder cannot be prepared or swept');
  // New jobs wait for it; a failure fails them too.
  const workDirReady = prepareWorkDir(deps.workDir).then(sweep);
  workDirReady.catch(logSweepFailure);
  setInterval(() => void sweep().catch(logSweepFailure), SWEEP_INTERVAL_MS).unref();

  /** The error as the job shows it: its message, without the server's folders. */
  const failureOf = (job: Job, error: unknown): string =>
    withoutServerPaths(error instanceof Error ? error.message : String(error), [job.dir, deps.workDir, deps.imageryDir, deps.dataDir]);

  const view = (job: Job): ImportJob => ({
    id: job.id,
    state: job.state,
    files: [...job.files].map(([name, bytes]) => ({ name, bytes })),
    progress: job.progress,
    report: job.report,
    sample: job.sample,
    mapping: job.mapping,
    error: job.error,
  });

  const find = (id: string): Job => {
    const job = jobs.get(id);
    if (!job) throw new NotFoundError('No such import');
    job.touchedAt = Date.now();
    return job;
  };

  const expectState = (job: Job, states: ImportJob['state'][], doing: string) => {
    if (!states.includes(job.state)) throw new ConflictError(`Cannot ${doing} an import that is ${job.state}`);
  };

  async function discardIdle(): Promise<void> {
    const now = Date.now();
    for (const job of jobs.values()) {
      if (now - job.touchedAt > IDLE_JOB_MS && job.state !== 'validating' && job.state !== 'publishing') await discard(job);
    }
  }

  async function discard(job: Job): Promise<void> {
    // Out of the map, its bytes are no longer counted against the instance's limit.
    jobs.delete(job.id);
    await rm(job.dir, { recursive: true, force: true });
  }

  async function runValidation(job: Job, body: ValidateImportBody): Promise<void> {
    const file = path.join(job.dir, body.file);
    const mapping = await resolveMapping(job, body);
    job.mapping = mapping;
    const options = { file, mapping, dataset: body.dataset, maxRejectedShare: body.maxRejectedShare };
    const prepared = await prepareImportFileInWorker({ ...options, limits: importFileLimits, onProgress: (progress) => (job.progress = progress) });
    const validated = await checkPreparedFile(deps.db, prepared, options);
    // The job's folder is not where the user's files were: the report names them as uploaded.
    validated.report.file = body.file;
    if (validated.report.join) validated.report.join.file = path.basename(validated.report.join.file);
    const changes = validated.report.refusal === null ? await changesAgainstServed(deps.db, validated.report.dataset.name, validated.rows, validated.attributeFields) : null;
    job.changes = changes && changeLogOf(changes);
    validated.report.changes = job.changes?.counts ?? null;
    job.validated = validated;
    job.report = validated.report;
    job.sample = sampleOf(validated);
    job.state = validated.report.refusal === null ? 'ready' : 'refused';
  }

  /** The mapping chosen; its join table is read from the job's own files, whatever path it names. */
  async function resolveMapping(job: Job, body: ValidateImportBody): Promise<ImportMapping> {
    const mapping = await chosenMapping(job, body);
    if (!mapping.join) return mapping;
    const joinFile = path.basename(mapping.join.file);
    if (!job.files.has(joinFile)) throw new BadRequestError(`The mapping joins the table ${joinFile}: upload it with the parcel file`);
    return { ...mapping, join: { ...mapping.join, file: joinFile } };
  }

  async function chosenMapping(job: Job, body: ValidateImportBody): Promise<ImportMapping> {
    const choice = body.mapping;
    if (choice.kind === 'default') return defaultMapping(body.file);
    if (choice.kind === 'bundled') {
      const mapping = await readBundledMapping(choice.name);
      if (!mapping) throw new BadRequestError(`There is no bundled mapping named '${choice.name}'`);
      return mapping;
    }
    if (!job.files.has(choice.file)) throw new BadRequestError(`The mapping file ${choice.file} was not uploaded`);
    return readImportMapping(path.join(job.dir, choice.file));
  }

  return {
    async create(): Promise<ImportJob> {
      await workDirReady;
      await discardIdle();
      const held = [...jobs.values()].filter((job) => job.state !== 'published').length;
      if (held >= deps.maxJobs) {
        throw new HttpError(429, `This server holds ${deps.maxJobs} imports already, the most it keeps at once (IMPORT_MAX_JOBS): publish or discard one first`);
      }
      const id = randomUUID();
      const dir = path.join(deps.workDir, id);
      await mkdir(dir, { mode: WORK_DIR_MODE });
      const job: Job = {
        id, dir, state: 'uploading', files: new Map(), receiving: new Set(), heldBytes: 0,
        progress: null, validated: null, changes: null, report: null, sample: null, mapping: null, error: null, touchedAt: Date.now(),
      };
      jobs.set(id, job);
      return view(job);
    },

    get: (id: string): ImportJob => view(find(id)),

    /** What a validated import changes against its data set's served version; null before it is validated, or when none is served. */
    changes: (id: string): ChangeLog | null => find(id).changes,

    /**
     * Stores one file of the import from `body`, refusing more than the upload limits (uploadBudget.ts):
     * `declaredBytes` (the request's Content-Length) is reserved before a byte is written, a body
     * without one reserves as it arrives. A file of the same name is replaced.
     */
    async receiveFile(id: string, name: string, body: NodeJS.ReadableStream, declaredBytes?: number): Promise<ImportJob> {
      const job = find(id);
      expectState(job, ['uploading', 'ready', 'refused', 'failed'], 'add files to');
      if (!FILE_NAME.test(name)) throw new BadRequestError('File names may hold letters, digits, spaces and . _ ( ) - only');
      if (job.receiving.has(name)) throw new ConflictError(`The file ${name} is being uploaded already`);
      // Its bytes are overwritten from the first chunk, or removed if the upload fails.
      job.heldBytes -= job.files.get(name) ?? 0;
      job.files.delete(name);
      job.receiving.add(name);
      let reserved = 0;
      const reserve = (bytes: number) => {
        reserveUploadBytes(job, jobs.values(), bytes, uploadLimits);
        reserved += bytes;
      };
      let received = 0;
      // A body refused on the way is read to its end and dropped rather than cut off: cutting the
      // connection could reach the client before the 413, and did reach its next request.
      let refusal: unknown;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          if (refusal !== undefined) return callback();
          received += chunk.length;
          try {
            if (received > reserved) reserve(received - reserved);
            callback(null, chunk);
          } catch (error) {
            // Its bytes go back at once (the file is removed at the end), so uploads beside it can go on.
            refusal = error;
            job.heldBytes -= reserved;
            reserved = 0;
            callback();
          }
        },
      });
      const target = path.join(job.dir, name);
      try {
        if (declaredBytes !== undefined) reserve(declaredBytes);
        await pipeline(body, meter, createWriteStream(target));
        if (refusal !== undefined) throw refusal;
      } catch (error) {
        job.heldBytes -= reserved;
        await rm(target, { force: true });
        throw error;
      } finally {
        job.receiving.delete(name);
      }
      const { size } = await stat(target);
      job.heldBytes += size - reserved;
      job.files.set(name, size);
      // A report made before this file arrived no longer describes the import.
      Object.assign(job, { state: 'uploading', progress: null, validated: null, changes: null, report: null, sample: null, error: null });
      return view(job);
    },

    /** Starts validating (answers at once; the job then reports its progress and, at the end, its report). */
    validate(id: string, body: ValidateImportBody): ImportJob {
      const job = find(id);
      expectState(job, ['uploading', 'ready', 'refused', 'failed'], 'validate');
      if (!job.files.has(body.file)) throw new BadRequestError(`The file ${body.file} was not uploaded`);
      Object.assign(job, { state: 'validating', progress: null, validated: null, changes: null, report: null, sample: null, error: null });
      runValidation(job, body).catch((error: unknown) => {
        job.state = 'failed';
        job.error = failureOf(job, error);
        deps.logger.info({ importId: job.id, err: error }, 'import validation failed');
      });
      return view(job);
    },

    /**
     * Publishes a validated import as its data set's next version (answers at once, like validate); the
     * version records its file and `publishedBy`, the administrator's e-mail (null: a local command).
     */
    publish(id: string, onPublished: () => void, publishedBy: string | null = null): ImportJob {
      const job = find(id);
      expectState(job, ['ready'], 'publish');
      const validated = job.validated!;
      job.state = 'publishing';
      job.progress = null;
      const origin = { fileBytes: job.files.get(validated.report.file) ?? null, publishedBy };
      publishImport(deps.db, validated, { onProgress: (progress) => (job.progress = progress), origin }).then(
        (report) => {
          Object.assign(job, { state: 'published', report, validated: null, heldBytes: 0 });
          deps.logger.info({ importId: job.id, dataset: report.dataset.name, version: report.dataset.version, parcels: report.imported }, 'import published');
          onPublished();
          void rm(job.dir, { recursive: true, force: true });
        },
        (error: unknown) => {
          job.state = 'failed';
          job.error = failureOf(job, error);
          deps.logger.warn({ importId: job.id, err: error }, 'import publish failed; nothing was changed');
        },
      );
      return view(job);
    },

    /**
     * Imports an uploaded file as an overlay's next version (or checks it, for a dry run) and answers the
     * report when done: overlay files are small next to parcel files, so the request waits for it (read
     * and checked in a worker thread, as parcel files are). The job and its files are discarded after,
     * whatever the outcome.
     */
    async importOverlay(id: string, body: OverlayImportBody): Promise<OverlayImportReport> {
      const job = find(id);
      expectState(job, ['uploading'], 'import an overlay from');
      for (const name of [body.file, ...(body.mapping ? [body.mapping] : [])]) {
        if (!job.files.has(name)) throw new BadRequestError(`The file ${name} was not uploaded`);
      }
      if (body.mapping && body.bundledMapping) throw new BadRequestError('Give an uploaded mapping or a bundled one, not both');
      const bundled = body.bundledMapping === undefined ? undefined : await readBundledOverlayMapping(body.bundledMapping);
      if (body.bundledMapping !== undefined && !bundled) throw new BadRequestError(`There is no bundled overlay mapping named '${body.bundledMapping}'`);
      job.state = 'validating';
      try {
        const prepared = await readableFile((error) => failureOf(job, error), async () => {
          const mapping = bundled ?? (body.mapping ? await readOverlayMapping(path.join(job.dir, body.mapping)) : defaultOverlayMapping(body.file));
          return prepareOverlayInWorker({ limits: importFileLimits, file: path.join(job.dir, body.file), name: body.overlay, label: body.label, mapping, maxRejectedShare: body.maxRejectedShare, dryRun: body.dryRun });
        });
        const report = body.dryRun || prepared.report.refusal !== null ? prepared.report : await publishPreparedOverlay(deps.db, prepared);
        if (report.overlay.version !== null) deps.logger.info({ importId: job.id, overlay: report.overlay.name, version: report.overlay.version, features: report.imported }, 'overlay published');
        // The job's folder is not where the user's file was: the report names it as uploaded.
        return { ...report, file: body.file };
      } finally {
        await discard(job);
      }
    },

    /**
     * Imports an uploaded image (with its world file, if it needs one) as an imagery layer's next version
     * and answers the report when done. GDAL does the work in child processes, so the API keeps serving;
     * the request waits, as an overlay's does. The job and its files are discarded after, whatever the outcome.
     */
    async importImagery(id: string, body: ImageryImportBody): Promise<ImageryImportReport> {
      const job = find(id);
      expectState(job, ['uploading'], 'import imagery from');
      if (!job.files.has(body.file)) throw new BadRequestError(`The file ${body.file} was not uploaded`);
      job.state = 'publishing';
      try {
        const { imagery: name, ...options } = body;
        const report = await readableFile((error) => failureOf(job, error), () => importImagery(deps.db, { ...options, name, file: path.join(job.dir, body.file), imageryDir: deps.imageryDir }));
        deps.logger.info({ importId: job.id, imagery: report.imagery.name, version: report.imagery.version }, 'imagery published');
        return { ...report, file: body.file };
      } finally {
        await discard(job);
      }
    },

    async discard(id: string): Promise<void> {
      const job = find(id);
      expectState(job, ['uploading', 'ready', 'refused', 'failed', 'published'], 'discard');
      await discard(job);
    },

    /** How many jobs are in each state (metrics). */
    countByState(): Map<ImportJob['state'], number> {
      const counts = new Map<ImportJob['state'], number>();
      for (const job of jobs.values()) counts.set(job.state, (counts.get(job.state) ?? 0) + 1);
      return counts;
    },

  };
}

export type ImportJobs = ReturnType<typeof createImportJobs>;

/** What reading the uploaded files raised, as the request's fault: a mapping or a file that cannot be read says why (400, as `failure` words it). */
async function readableFile<T>(failure: (error: unknown) => string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof DatasetError) throw error;
    throw new BadRequestError(failure(error));
  }
}

/** Up to SAMPLE_PARCELS parcels spread through the file, and the extent of all of them. */
function sampleOf({ rows }: ValidatedImport): ImportJob['sample'] {
  if (rows.length === 0) return { type: 'FeatureCollection', features: [], bbox: null };
  const step = Math.max(1, Math.floor(rows.length / SAMPLE_PARCELS));
  const features = [];
  for (let i = 0; i < rows.length && features.length < SAMPLE_PARCELS; i += step) {
    const row = rows[i]!;
    features.push({ type: 'Feature', properties: { pin: row.pin, owner: row.owner, address: row.add1 }, geometry: row.geometry });
  }
  const bbox: Bbox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const row of rows) {
    bbox[0] = Math.min(bbox[0], row.min_lon);
    bbox[1] = Math.min(bbox[1], row.min_lat);
    bbox[2] = Math.max(bbox[2], row.max_lon);
    bbox[3] = Math.max(bbox[3], row.max_lat);
  }
  return { type: 'FeatureCollection', features, bbox };
}
