// Write-through JSON persistence so users and live sessions survive a restart of the service
// (a signed-in browser stays signed in across `npm start`). One-time tokens stay in memory.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { sessionRecordSchema } from '../sessions/sessionRecord.ts';
import { userRecordSchema } from '../users/userRecord.ts';

const identityStateSchema = z.object({
  users: z.array(userRecordSchema),
  sessions: z.array(sessionRecordSchema),
});

type IdentityState = z.infer<typeof identityStateSchema>;

export interface IdentityStateFile {
  readonly state: IdentityState;
  /** Writes the whole state; a crash mid-write leaves the previous file intact (rename is atomic). */
  persist(): void;
}

export function openIdentityStateFile(dataDir: string): IdentityStateFile {
  const filePath = path.join(dataDir, 'identity-state.json');
  const state = readState(filePath);
  return {
    state,
    persist() {
      fs.mkdirSync(dataDir, { recursive: true });
      const tempPath = `${filePath}.${process.pid}.tmp`;
      fs.writeFileSync(tempPath, JSON.stringify(state, null, 2), { mode: 0o600 });
      fs.renameSync(tempPath, filePath);
    },
  };
}

function readState(filePath: string): IdentityState {
  let text: string;
  try {
    text = fs.readFileSync(filePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { users: [], sessions: [] };
    throw error;
  }
  const parsed = identityStateSchema.safeParse(parseJsonOrUndefined(text));
  if (!parsed.success) {
    throw new Error(
      `local-identity: ${filePath} is not a valid state file; delete it to start over.\n${z.prettifyError(parsed.error)}`,
    );
  }
  return parsed.data;
}

function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
