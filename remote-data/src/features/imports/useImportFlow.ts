// An import from the Data page, step by step: create the job, upload its files (with progress),
// ask the API to validate, follow the job until its report is ready, publish or discard.
import { useEffect, useRef, useState } from 'react';
import { selectRuntimeConfig, selectSessionJwt, useAppDispatch, useAppSelector } from '@parcel-map/shared';
import type { ImportJob, ValidateImportBody } from '@parcel-map/shared/api';
import { dataAdminApi, failureMessage, useCreateImportMutation, useDiscardImportMutation, useGetImportQuery, usePublishImportMutation, useValidateImportMutation } from '../dataAdminApi.ts';
import { uploadFile } from './uploadFile.ts';

/** How often a job the API is working on is asked after. */
export const IMPORT_POLL_MS = 1000;

export interface ImportRequest {
  files: File[];
  validate: Omit<ValidateImportBody, 'file'> & { file: File };
}

export interface FileProgress {
  name: string;
  sent: number;
  total: number;
}

export type ImportStage =
  | { kind: 'form' }
  | { kind: 'uploading'; files: FileProgress[] }
  | { kind: 'job'; id: string }
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

  async function start({ files, validate }: ImportRequest) {
    if (!config) return;
    const progress: FileProgress[] = files.map((file) => ({ name: file.name, sent: 0, total: file.size }));
    setStage({ kind: 'uploading', files: progress });
    const controller = new AbortController();
    uploads.current = controller;
    let id: string | null = null;
    try {
      id = (await createImport().unwrap()).id;
      for (const [index, file] of files.entries()) {
        await uploadFile({
          baseUrl: config.apiBaseUrl,
          token,
          importId: id,
          file,
          signal: controller.signal,
          onProgress: (sent, total) => {
            progress[index] = { name: file.name, sent, total };
            setStage({ kind: 'uploading', files: [...progress] });
          },
        });
      }
      await validateImport({ id, body: { ...validate, file: validate.file.name } }).unwrap();
      setPolling(true);
      setStage({ kind: 'job', id });
    } catch (error) {
      if (controller.signal.aborted) return;
      // Files already up are of no use without the rest.
      if (id) void discardImport(id);
      setStage({ kind: 'error', message: failureMessage(error) });
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
    discard,
    reset: () => setStage({ kind: 'form' }),
  };
}
