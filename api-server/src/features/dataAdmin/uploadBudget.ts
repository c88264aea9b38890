// What uploaded files may take: one import's files at most MAX_UPLOAD_MB, all the imports an instance
// holds at most IMPORT_MAX_STORED_MB. An upload reserves its bytes before it writes them — the whole
// Content-Length when the request gives one, else each chunk as it arrives — so uploads running side by
// side cannot each count on room only one of them has, as they could if each were checked against the
// files already stored.
import { PayloadTooLargeError } from '../../platform/http/httpErrors.ts';

export interface UploadLimits {
  perImportBytes: number;
  perInstanceBytes: number;
}

/** The bytes one import holds: its stored files and what its uploads under way have reserved. */
export interface HeldBytes {
  heldBytes: number;
}

/**
 * Adds `bytes` to what `upload` holds, or throws (413) naming the limit they would pass. `all`: every
 * import the instance holds, `upload`'s among them.
 */
export function reserveUploadBytes(upload: HeldBytes, all: Iterable<HeldBytes>, bytes: number, limits: UploadLimits): void {
  if (upload.heldBytes + bytes > limits.perImportBytes) throw new PayloadTooLargeError(`The upload is larger than the ${megabytes(limits.perImportBytes)} MB limit`);
  let instanceBytes = 0;
  for (const held of all) instanceBytes += held.heldBytes;
  if (instanceBytes + bytes > limits.perInstanceBytes) {
    throw new PayloadTooLargeError(
      `The imports on this server already hold ${megabytes(instanceBytes)} of the ${megabytes(limits.perInstanceBytes)} MB they may take (IMPORT_MAX_STORED_MB): publish or discard one, then upload again`,
    );
  }
  upload.heldBytes += bytes;
}

function megabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 });
}
