// An import from the Data page, step by step: create the job, upload its files (with progress),
// ask the API to validate, follow the job until its report is ready, publish or discard. An overlay
// is checked, then published; imagery is published at once (its report is what was written).
import { useEffect, useRef, useState } from 'react';
import { selectRuntimeConfig, selectSessionJwt, useAppDispatch, useAppSelector } from '@parcel-map/shared';
import type { ImageryImportBody, ImageryImportReport, ImportJob, OverlayImportReport, ValidateImportBody } from '@parcel-map/shared/api';
import {
  dataAdminApi,
  failureMessage,
  useCreateImportMutation,
  useDiscardImportMutation,
  useGetImportQuery,
  useImportImageryMutation,
  useImportOverlayMutation,
  usePublishImportMutation,
  useValidateImportMutation,
} from '../dataAdminApi.ts';
import { uploadFile } from './uploadFile.ts';

/** How often a job the API is working on is asked after. */
const IMPORT_POLL_MS = 1000;

export interface ImportRequest {
  files: File[];
  validate: Omit<ValidateImportBody, 'file'> & { file: File };
}

/** An overlay layer's file, how it is named and read (shapes: shared/src/overlays/overlayAdminContract.ts). */
export interface OverlayRequest {
  file: File;
  /** An overlay mapping file; none (nor a bundled one): every property shown, the file's name as source. */
  mapping: File | null;
  /** One of the overlay mappings that come with the product, by name. */
  bundledMapping?: string;
  overlay: string;
  label?: string;
  maxRejectedShare: number;
}

const overlayFiles = ({ file, mapping }: OverlayRequest) => (mapping ? [file, mapping] : [file]);

/** An image, the world file that places it (a JPEG's or PNG's), and how the layer is named (shapes: shared/src/imagery/imageryAdminContract.ts). */
export interface ImageryRequest extends Omit<ImageryImportBody, 'file'> {
  file: File;
  worldFile: File | null;
}

const extensionOf = (name: string) => /\.[^.]*$/.exec(name)?.[0] ?? '';

/** The files of an imagery import: the world file goes up under the image's name, as GDAL looks for it beside the image. */
function imageryFiles({ file, worldFile }: ImageryRequest): File[] {
  if (!worldFile) return [file];
  const base = file.name.slice(0, file.name.length - extensionOf(file.name).length);
  return [file, new File([worldFile], base + extensionOf(worldFile.name).toLowerCase(), { type: worldFile.type })];
}

export interface FileProgress {
  name: string;
  sent: number;
  total: number;
}

export type ImportStage =
  | { kind: 'form' }
  /** `working`: the files are up, and what the API does with them now ('Checking…'). */
  | { kind: 'uploading'; files: FileProgress[]; working?: string }
  | { kind: 'job'; id: string }
  | { kind: 'overlay'; request: OverlayRequest; report: OverlayImportReport; error: string | null }
  | { kind: 'overlay-publishing'; request: OverlayRequest; report: OverlayImportReport }
  | { kind: 'overlay-published'; report: OverlayImportReport }
  | { kind: 'imagery-published'; report: ImageryImportReport }
  | { kind: 'error'; message: string };

const WORKING_STATES: ReadonlySet<ImportJob['state']> = new Set(['uploading', 'validating', 'publishing']);

export function useImportFlow() {
  const dispatch = useAppDispatch();
  const config = useAppSelector(selectRuntimeConfig);
  const token = useAppSelector(selectSessionJwt);
  const [stage, setStage] = useState<ImportStage>({ kind: 'form' });
  const [createImport] = useCreateImportMutation();
  const [validateImport] = useValidateImportMutation();
  const [publishImport, publishing] = usePublishImportMutation();
  const [discardImport, discarding] = useDiscardImportMutation();
  const [importOverlay] = useImportOverlayMutation();
  const [importImagery] = useImportImageryMutation();
  const uploads = useRef<AbortController | null>(null);

  const jobId = stage.kind === 'job' ? stage.id : null;
  const [polling, setPolling] = useState(true);
  const job = useGetImportQuery(jobId ?? '', { skip: !jobId, pollingInterval: polling ? IMPORT_POLL_MS : 0, skipPollingIfUnfocused: false });
  const state = job.data?.state;

  useEffect(() => {
    if (state) setPolling(WORKING_STATES.has(state));
    // A publish changes the data sets listed below the form.
    if (state === 'published') dispatch(dataAdminApi.util.invalidateTags(['DatasetVersions']));
  }, [state, dispatch]);

  useEffect(() => () => uploads.current?.abort(), []);

  /** Creates a job and sends it the files, each with its progress shown unless `quietly`; answers the job's id. */
  async function uploadAll(files: File[], controller: AbortController, onCreated: (id: string) => void, quietly = false): Promise<string> {
    if (!config) throw new Error('No runtime config');
    const progress: FileProgress[] = files.map((file) => ({ name: file.name, sent: 0, total: file.size }));
    const show = (files: FileProgress[]) => !quietly && setStage({ kind: 'uploading', files });
    show(progress);
    const id = (await createImport().unwrap()).id;
    onCreated(id);
    for (const [index, file] of files.entries()) {
      await uploadFile({
        baseUrl: config.apiBaseUrl,
        token,
        importId: id,
        file,
        signal: controller.signal,
        onProgress: (sent, total) => {
          progress[index] = { name: file.name, sent, total };
          show([...progress]);
        },
      });
    }
    return id;
  }

  /** Runs `steps` with the uploads' controller; a failure discards the job and shows the form again with why. */
  async function withUploads(steps: (controller: AbortController, onCreated: (id: string) => void) => Promise<void>) {
    if (!config) return;
    const controller = new AbortController();
    uploads.current = controller;
    let id: string | null = null;
    try {
      await steps(controller, (created) => (id = created));
    } catch (error) {
      if (controller.signal.aborted) return;
      // Files already up are of no use without the rest.
      if (id) void discardImport(id);
      setStage({ kind: 'error', message: failureMessage(error) });
    } finally {
      if (uploads.current === controller) uploads.current = null;
    }
  }

  const start = ({ files, validate }: ImportRequest) =>
    withUploads(async (controller, onCreated) => {
      const id = await uploadAll(files, controller, onCreated);
      await validateImport({ id, body: { ...validate, file: validate.file.name } }).unwrap();
      setPolling(true);
      setStage({ kind: 'job', id });
    });

  const showWorking = (working: string) => setStage((shown) => (shown.kind === 'uploading' ? { ...shown, working } : shown));

  /** Uploads the image (and its world file) and has the API tile and publish it: its report replaces the form. */
  const publishImagery = (request: ImageryRequest) =>
    withUploads(async (controller, onCreated) => {
      const files = imageryFiles(request);
      const id = await uploadAll(files, controller, onCreated);
      showWorking('Tiling the imagery for the map…');
      const { worldFile: _worldFile, file, ...body } = request;
      const report = await importImagery({ id, body: { ...body, file: file.name } }).unwrap();
      if (!controller.signal.aborted) setStage({ kind: 'imagery-published', report });
    });

  /** Uploads the overlay's files and has the API check them (dryRun): its report replaces the form. */
  const checkOverlay = (request: OverlayRequest) =>
    withUploads(async (controller, onCreated) => {
      const report = await runOverlay(request, true, controller, onCreated);
      // Cancelled while the API read it: the form stays.
      if (!controller.signal.aborted) setStage({ kind: 'overlay', request, report, error: null });
    });

  // The API drops an overlay's job once it answers (checked or published): publishing uploads again.
  async function runOverlay(request: OverlayRequest, dryRun: boolean, controller: AbortController, onCreated: (id: string) => void) {
    // Published from its report, which stays until the answer: its files went up once already.
    const id = await uploadAll(overlayFiles(request), controller, onCreated, !dryRun);
    if (dryRun) showWorking('Checking…');
    const { file, mapping, ...rest } = request;
    return importOverlay({ id, body: { ...rest, file: file.name, mapping: mapping?.name, dryRun } }).unwrap();
  }

  /** Publishes the checked overlay; a refusal or a failure stays on its report, with why. */
  async function publishOverlay() {
    if (stage.kind !== 'overlay') return;
    const { request, report: checked } = stage;
    const controller = new AbortController();
    uploads.current = controller;
    setStage({ kind: 'overlay-publishing', request, report: checked });
    let id: string | null = null;
    try {
      const report = await runOverlay(request, false, controller, (created) => (id = created));
      setStage(report.refusal ? { kind: 'overlay', request, report, error: null } : { kind: 'overlay-published', report });
    } catch (error) {
      if (controller.signal.aborted) return;
      // A job whose upload failed is left with the API (one that answered is dropped already).
      if (id) void discardImport(id);
      setStage({ kind: 'overlay', request, report: checked, error: failureMessage(error) });
    } finally {
      if (uploads.current === controller) uploads.current = null;
    }
  }

  async function publish() {
    if (!jobId) return;
    try {
      await publishImport(jobId).unwrap();
      setPolling(true);
      job.refetch();
    } catch (error) {
      setStage({ kind: 'error', message: failureMessage(error) });
    }
  }

  /** Drops the job (its files and report) and goes back to the form. */
  async function discard() {
    uploads.current?.abort();
    if (jobId && state !== 'published') await discardImport(jobId).catch(() => undefined);
    setStage({ kind: 'form' });
  }

  return {
    stage,
    job: job.data,
    jobError: job.error ? failureMessage(job.error) : null,
    busy: publishing.isLoading || discarding.isLoading,
    start,
    publish,
    checkOverlay,
    publishOverlay,
    publishImagery,
    discard,
    reset: () => setStage({ kind: 'form' }),
  };
}
