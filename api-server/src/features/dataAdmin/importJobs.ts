// Imports handed to the running API (the Data page's uploads, and the import command while the API
// holds the PGlite directory): each job has its own folder for its files, is validated in a worker
// thread (the map keeps being served meanwhile) and waits with its report until it is published or
// discarded. Jobs live in memory: a restart abandons them, which publishes nothing and loses nothing.
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
  prepareImportFileInWorker,
  prepareOverlayInWorker,
  publishImport,
  publishPreparedOverlay,
  readBundledMapping,
  readImportMapping,
  readOverlayMapping,
  type ImportMapping,
  type ValidatedImport,
} from '@parcel-map/county-data/import';
import { DatasetError } from '@parcel-map/county-data/publish';
import type { Bbox, ImportJob, OverlayImportBody, OverlayImportReport, ValidateImportBody } from '@parcel-map/shared/contracts';
import { BadRequestError, ConflictError, NotFoundError, PayloadTooLargeError } from '../../platform/http/httpErrors.ts';
import type { Logger } from '../../platform/logger.ts';

/** Parcels drawn on the Data page's small map before publishing. */
export const SAMPLE_PARCELS = 200;
/** A job untouched this long is discarded with its files. */
const IDLE_JOB_MS = 60 * 60_000;
/** A file name as uploaded: no folders, no leading dot. */
const FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9 ._()-]{0,199}$/;

interface Job {
  id: string;
  dir: string;
  state: ImportJob['state'];
  files: Map<string, number>;
  progress: ImportJob['progress'];
  validated: ValidatedImport | null;
  report: ImportJob['report'];
  sample: ImportJob['sample'];
  mapping: ImportMapping | null;
  error: string | null;
  touchedAt: number;
}

export interface ImportJobsDeps {
  db: Db;
  workDir: string;
  maxUploadBytes: number;
  logger: Logger;
}

export function createImportJobs(deps: ImportJobsDeps) {
  const jobs = new Map<string, Job>();

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
    jobs.delete(job.id);
    await rm(job.dir, { recursive: true, force: true });
  }

  async function runValidation(job: Job, body: ValidateImportBody): Promise<void> {
    const file = path.join(job.dir, body.file);
    const mapping = await resolveMapping(job, body);
    job.mapping = mapping;
    const options = { file, mapping, dataset: body.dataset, maxRejectedShare: body.maxRejectedShare };
    const prepared = await prepareImportFileInWorker({ ...options, onProgress: (progress) => (job.progress = progress) });
    const validated = await checkPreparedFile(deps.db, prepared, options);
    // The job's folder is not where the user's files were: the report names them as uploaded.
    validated.report.file = body.file;
    if (validated.report.join) validated.report.join.file = path.basename(validated.report.join.file);
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
      await discardIdle();
      const id = randomUUID();
      const dir = path.join(deps.workDir, id);
      await mkdir(dir, { recursive: true });
      const job: Job = { id, dir, state: 'uploading', files: new Map(), progress: null, validated: null, report: null, sample: null, mapping: null, error: null, touchedAt: Date.now() };
      jobs.set(id, job);
      return view(job);
    },

    get: (id: string): ImportJob => view(find(id)),

    /** Stores one file of the import from `body`, refusing more than the upload limit in all. */
    async receiveFile(id: string, name: string, body: NodeJS.ReadableStream): Promise<ImportJob> {
      const job = find(id);
      expectState(job, ['uploading', 'ready', 'refused', 'failed'], 'add files to');
      if (!FILE_NAME.test(name)) throw new BadRequestError('File names may hold letters, digits, spaces and . _ ( ) - only');
      const budget = deps.maxUploadBytes - [...job.files].filter(([other]) => other !== name).reduce((sum, [, bytes]) => sum + bytes, 0);
      let received = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          received += chunk.length;
          if (received > budget) callback(new PayloadTooLargeError(`The upload is larger than the ${Math.round(deps.maxUploadBytes / 1024 / 1024)} MB limit`));
          else callback(null, chunk);
        },
      });
      const target = path.join(job.dir, name);
      try {
        await pipeline(body, limit, createWriteStream(target));
      } catch (error) {
        await rm(target, { force: true });
        throw error;
      }
      job.files.set(name, (await stat(target)).size);
      // A report made before this file arrived no longer describes the import.
      Object.assign(job, { state: 'uploading', progress: null, validated: null, report: null, sample: null, error: null });
      return view(job);
    },

    /** Starts validating (answers at once; the job then reports its progress and, at the end, its report). */
    validate(id: string, body: ValidateImportBody): ImportJob {
      const job = find(id);
      expectState(job, ['uploading', 'ready', 'refused', 'failed'], 'validate');
      if (!job.files.has(body.file)) throw new BadRequestError(`The file ${body.file} was not uploaded`);
      Object.assign(job, { state: 'validating', progress: null, validated: null, report: null, sample: null, error: null });
      runValidation(job, body).catch((error: unknown) => {
        job.state = 'failed';
        job.error = error instanceof Error ? error.message : String(error);
        deps.logger.info({ importId: job.id, err: error }, 'import validation failed');
      });
      return view(job);
    },

    /** Publishes a validated import as its data set's next version (answers at once, like validate). */
    publish(id: string, onPublished: () => void): ImportJob {
      const job = find(id);
      expectState(job, ['ready'], 'publish');
      const validated = job.validated!;
      job.state = 'publishing';
      job.progress = null;
      publishImport(deps.db, validated, { onProgress: (progress) => (job.progress = progress) }).then(
        (report) => {
          Object.assign(job, { state: 'published', report, validated: null });
          deps.logger.info({ importId: job.id, dataset: report.dataset.name, version: report.dataset.version, parcels: report.imported }, 'import published');
          onPublished();
          void rm(job.dir, { recursive: true, force: true });
        },
        (error: unknown) => {
          job.state = 'failed';
          job.error = error instanceof Error ? error.message : String(error);
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
      job.state = 'validating';
      try {
        const prepared = await readableFile(async () => {
          const mapping = body.mapping ? await readOverlayMapping(path.join(job.dir, body.mapping)) : defaultOverlayMapping(body.file);
          return prepareOverlayInWorker({ file: path.join(job.dir, body.file), name: body.overlay, label: body.label, mapping, maxRejectedShare: body.maxRejectedShare, dryRun: body.dryRun });
        });
        const report = body.dryRun || prepared.report.refusal !== null ? prepared.report : await publishPreparedOverlay(deps.db, prepared);
        if (report.overlay.version !== null) deps.logger.info({ importId: job.id, overlay: report.overlay.name, version: report.overlay.version, features: report.imported }, 'overlay published');
        // The job's folder is not where the user's file was: the report names it as uploaded.
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

/** What reading the uploaded files raised, as the request's fault: a mapping or a file that cannot be read says why (400). */
async function readableFile<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof DatasetError) throw error;
    throw new BadRequestError(error instanceof Error ? error.message : String(error));
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
