// The import and datasets commands' client of a running API's admin routes (api-server
// features/dataAdmin), authenticated with the API's local admin token.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  datasetVersionsAnswerSchema,
  imageryImportReportSchema,
  imageryVersionSchema,
  imageryVersionsAnswerSchema,
  importJobSchema,
  overlayImportReportSchema,
  overlayVersionSchema,
  overlayVersionsAnswerSchema,
  type DatasetVersionsAnswer,
  type ImageryImportBody,
  type ImageryImportReport,
  type ImageryVersion,
  type ImageryVersionsAnswer,
  type ImportJob,
  type OverlayImportBody,
  type OverlayImportReport,
  type OverlayVersion,
  type OverlayVersionsAnswer,
  type ValidateImportBody,
} from '@parcel-map/shared/contracts';
import type { LocalHandover } from '@parcel-map/database';
import type { ImportProgress } from '../import/importParcels.ts';

const POLL_MS = 200;
/** An API whose thread is free answers /health at once; one busy starting up is asked again on the next round. */
const HEALTH_PROBE_TIMEOUT_MS = 2_000;

/**
 * Whether the API at `url` answers GET /health: it is up to take a command. Not /ready: that waits for
 * the tiles to be warm, which every publish starts again, and a command needs none of it.
 */
export async function apiAnswers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/health`, { signal: AbortSignal.timeout(HEALTH_PROBE_TIMEOUT_MS) })).ok;
  } catch {
    return false;
  }
}

export interface ApiHandoverClient {
  /** Uploads the files (the parcel file first), validates, and waits for the report. */
  validate(files: string[], body: ValidateImportBody, onProgress?: (progress: ImportProgress) => void): Promise<ImportJob>;
  /** Publishes a validated job and waits until it is published (or failed). */
  publish(job: ImportJob, onProgress?: (progress: ImportProgress) => void): Promise<ImportJob>;
  discard(job: ImportJob): Promise<void>;
  listVersions(): Promise<DatasetVersionsAnswer>;
  rollback(name: string): Promise<void>;
  remove(name: string): Promise<void>;
  /** Uploads the overlay's file (and its mapping), imports it and answers the report. */
  importOverlay(files: string[], body: OverlayImportBody): Promise<OverlayImportReport>;
  listOverlays(): Promise<OverlayVersionsAnswer>;
  rollbackOverlay(name: string): Promise<OverlayVersion>;
  removeOverlay(name: string): Promise<void>;
  /** Uploads the image (and its world file), imports it and answers the report. */
  importImagery(files: string[], body: ImageryImportBody): Promise<ImageryImportReport>;
  listImagery(): Promise<ImageryVersionsAnswer>;
  rollbackImagery(name: string): Promise<ImageryVersion>;
  /** Removes every version and their files. */
  removeImagery(name: string): Promise<void>;
}

export function createApiHandoverClient(handover: Pick<LocalHandover, 'url' | 'token'>): ApiHandoverClient {
  const call = async (method: string, route: string, body?: unknown, raw?: { stream: Readable; bytes: number }): Promise<unknown> => {
    const headers: Record<string, string> = { authorization: `Bearer ${handover.token}` };
    let payload: RequestInit['body'];
    if (raw) {
      headers['content-type'] = 'application/octet-stream';
      headers['content-length'] = String(raw.bytes);
      payload = Readable.toWeb(raw.stream) as ReadableStream;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${handover.url}/api/admin${route}`, { method, headers, body: payload, ...(raw ? { duplex: 'half' } : {}) } as RequestInit);
    const text = await response.text();
    const json = text === '' ? undefined : (JSON.parse(text) as unknown);
    if (!response.ok) throw new Error((json as { message?: string } | undefined)?.message ?? `${method} ${route}: HTTP ${response.status}`);
    return json;
  };
  const job = (value: unknown) => importJobSchema.parse(value);

  const waitWhile = async (id: string, state: ImportJob['state'], onProgress?: (progress: ImportProgress) => void): Promise<ImportJob> => {
    for (;;) {
      const current = job(await call('GET', `/imports/${id}`));
      if (current.state !== state) return current;
      if (current.progress) onProgress?.(current.progress as ImportProgress);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };

  /** A new import job holding `files`. */
  const upload = async (files: string[]): Promise<ImportJob> => {
    const created = job(await call('POST', '/imports'));
    for (const file of files) {
      const { size } = await stat(file);
      await call('PUT', `/imports/${created.id}/files/${encodeURIComponent(path.basename(file))}`, undefined, { stream: createReadStream(file), bytes: size });
    }
    return created;
  };

  return {
    async validate(files, body, onProgress) {
      const created = await upload(files);
      job(await call('POST', `/imports/${created.id}/validate`, body));
      return waitWhile(created.id, 'validating', onProgress);
    },
    async publish(validated, onProgress) {
      job(await call('POST', `/imports/${validated.id}/publish`));
      return waitWhile(validated.id, 'publishing', onProgress);
    },
    async discard(validated) {
      await call('DELETE', `/imports/${validated.id}`);
    },
    async listVersions() {
      return datasetVersionsAnswerSchema.parse(await call('GET', '/datasets'));
    },
    async rollback(name) {
      await call('POST', `/datasets/${encodeURIComponent(name)}/rollback`);
    },
    async remove(name) {
      await call('DELETE', `/datasets/${encodeURIComponent(name)}`);
    },
    async importOverlay(files, body) {
      const created = await upload(files);
      return overlayImportReportSchema.parse(await call('POST', `/imports/${created.id}/overlay`, body));
    },
    async listOverlays() {
      return overlayVersionsAnswerSchema.parse(await call('GET', '/overlays'));
    },
    async rollbackOverlay(name) {
      return overlayVersionSchema.parse(await call('POST', `/overlays/${encodeURIComponent(name)}/rollback`));
    },
    async removeOverlay(name) {
      await call('DELETE', `/overlays/${encodeURIComponent(name)}`);
    },
    async importImagery(files, body) {
      const created = await upload(files);
      return imageryImportReportSchema.parse(await call('POST', `/imports/${created.id}/imagery`, body));
    },
    async listImagery() {
      return imageryVersionsAnswerSchema.parse(await call('GET', '/imagery'));
    },
    async rollbackImagery(name) {
      return imageryVersionSchema.parse(await call('POST', `/imagery/${encodeURIComponent(name)}/rollback`));
    },
    async removeImagery(name) {
      await call('DELETE', `/imagery/${encodeURIComponent(name)}`);
    },
  };
}
