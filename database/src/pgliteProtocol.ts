// The messages between pgliteDb.ts (the API's thread) and pgliteThread.ts (the worker thread that
// runs PGlite). Each request carries an id its reply repeats; a notification names the LISTEN it is for.

export type PgliteRequest =
  | { op: 'open'; dataDir: string | undefined }
  | { op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  /** Starts a transaction; the reply is its number, which queries inside it carry as `tx`. */
  | { op: 'begin' }
  /** Commits or rolls back transaction `tx`; replies once PGlite has. */
  | { op: 'end'; tx: number; commit: boolean }
  /** Starts a LISTEN; the reply is its number, which its notifications carry. */
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; listener: number }
  | { op: 'close' };

export type PgliteMessage =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SerializedError }
  | { notification: number };

/** An error as it crosses threads: its message and the plain fields a handler reads (`code` = SQLSTATE). */
export interface SerializedError {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean>;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: SerializedError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

export function deserializeError({ name, message, fields }: SerializedError): Error {
  return Object.assign(new Error(message), fields, { name });
}
