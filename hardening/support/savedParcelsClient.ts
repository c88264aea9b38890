// /api/saved-parcels as the front end calls it, for checks that compare what two API processes (or one
// before and after a crash) hold for a user.
import type { SaveBody } from './parcelSample.ts';

export interface SavedRecord {
  id: number;
  parcel_pin: string;
}

const authorised = (jwt: string) => ({ Authorization: `Bearer ${jwt}`, 'Content-Type': 'application/json' });

export async function listSaved(baseUrl: string, jwt: string): Promise<SavedRecord[]> {
  const response = await fetch(`${baseUrl}/api/saved-parcels`, { headers: authorised(jwt) });
  if (!response.ok) throw new Error(`GET /api/saved-parcels answered ${response.status}`);
  return ((await response.json()) as { parcels: SavedRecord[] }).parcels;
}

/** The record when the save was acknowledged (201), else the status. */
export async function save(baseUrl: string, jwt: string, body: SaveBody): Promise<SavedRecord | number> {
  const response = await fetch(`${baseUrl}/api/saved-parcels`, { method: 'POST', headers: authorised(jwt), body: JSON.stringify(body) });
  if (response.status !== 201) {
    await response.body?.cancel();
    return response.status;
  }
  return (await response.json()) as SavedRecord;
}

export async function removeSaved(baseUrl: string, jwt: string, id: number): Promise<number> {
  const response = await fetch(`${baseUrl}/api/saved-parcels/${id}`, { method: 'DELETE', headers: authorised(jwt) });
  await response.body?.cancel();
  return response.status;
}
