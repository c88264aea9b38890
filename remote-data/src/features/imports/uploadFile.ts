// One file's bytes to PUT /api/admin/imports/{id}/files/{name}, through XMLHttpRequest: fetch reports
// no upload progress. Same headers and error catalogue as the API client (SPEC §7–§8).
import { ApiError, SERVER_UNREACHABLE_MESSAGE, SESSION_TOKEN_HEADER, serverMessage, type ImportJob } from '@parcel-map/shared/api';

export interface UploadRequest {
  baseUrl: string;
  token: string | null;
  importId: string;
  file: File;
  /** Bytes sent so far, of the file's size. */
  onProgress: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

export function uploadFile({ baseUrl, token, importId, file, onProgress, signal }: UploadRequest): Promise<ImportJob> {
  return new Promise((resolve, reject) => {
    if (!token) return reject(new ApiError('User not authenticated'));
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', new URL(`/api/admin/imports/${encodeURIComponent(importId)}/files/${encodeURIComponent(file.name)}`, baseUrl));
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader(SESSION_TOKEN_HEADER, token);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onerror = () => reject(new ApiError(SERVER_UNREACHABLE_MESSAGE));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.onload = () => {
      if (xhr.status === 401) return reject(new ApiError('Authentication required', 401));
      if (xhr.status < 200 || xhr.status >= 300) {
        return reject(new ApiError(serverMessage(xhr.responseText) ?? `API error: ${xhr.status}`, xhr.status));
      }
      try {
        onProgress(file.size, file.size);
        resolve(JSON.parse(xhr.responseText) as ImportJob);
      } catch {
        reject(new ApiError('Invalid JSON response', xhr.status));
      }
    };
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}
