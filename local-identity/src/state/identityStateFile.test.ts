import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDataDir } from '../testing/startTestIdentity.ts';
import { openIdentityStateFile } from './identityStateFile.ts';

let dataDir: string;
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('openIdentityStateFile', () => {
  it('starts empty and reads back what it persisted, leaving no temp file behind', () => {
    dataDir = makeTempDataDir();
    const first = openIdentityStateFile(dataDir);
    expect(first.state).toEqual({ users: [], sessions: [] });
    first.state.users.push({
      user_id: 'user-test-1',
      created_at: '2026-01-01T00:00:00Z',
      email_id: 'email-test-1',
      email: 'a@example.com',
      email_verified: true,
      providers: [],
    });
    first.persist();

    expect(openIdentityStateFile(dataDir).state.users).toEqual(first.state.users);
    expect(fs.readdirSync(dataDir)).toEqual(['identity-state.json']);
  });

  it('refuses a damaged file with a message that says what to do', () => {
    dataDir = makeTempDataDir();
    fs.writeFileSync(path.join(dataDir, 'identity-state.json'), '{"users": [');
    expect(() => openIdentityStateFile(dataDir)).toThrow(/delete it to start over/);
  });
});
