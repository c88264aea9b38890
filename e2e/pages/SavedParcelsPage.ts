// The save modal and the 'My Saved Parcels' sheet, as a user reaches them.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures/test.ts';
import { originOf, PORTS } from '../../scripts/ports.mjs';

export const API_URL = originOf(PORTS.api);

import type { SavedParcelRecord as SavedRecord } from '@parcel-map/shared/contracts';

export type { SavedRecord };

export class SavedParcelsPage {
  constructor(private readonly page: Page) {}

  readonly modal = () => this.page.getByRole('dialog', { name: 'Save Parcel Location' });
  readonly sheet = () => this.page.getByRole('dialog', { name: 'My Saved Parcels' });
  /** The short toast that follows a save. */
  readonly notice = (text: string) => this.page.getByRole('status').filter({ hasText: text });
  /** One saved parcel in the sheet, found by its PIN. */
  readonly item = (pin: string): Locator => this.sheet().getByRole('listitem').filter({ hasText: `PIN ${pin}` });

  async saveWithNote(note: string) {
    const modal = this.modal();
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel('Notes (optional)')).toHaveValue('');
    await modal.getByLabel('Notes (optional)').fill(note);
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal).toBeHidden();
  }

  async openFromMenu() {
    await this.page.getByRole('button', { name: 'Open menu' }).click();
    await this.page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'My Saved Parcels' }).click();
    await expect(this.sheet()).toBeVisible();
  }

  async editNotes(pin: string, notes: string) {
    await this.item(pin).getByRole('button', { name: /^Edit notes/ }).click();
    const editor = this.item(pin).getByLabel('Notes', { exact: true });
    await expect(editor).toBeFocused();
    await editor.fill(notes);
    await this.item(pin).getByRole('button', { name: 'Save Notes' }).click();
    await expect(editor).toBeHidden();
  }

  /** Clicks an export button and returns the downloaded file's name and text. */
  async export(kind: 'CSV' | 'GeoJSON' | 'KML'): Promise<{ name: string; text: string }> {
    const downloading = this.page.waitForEvent('download');
    await this.sheet().getByRole('button', { name: `Export ${kind}` }).click();
    const download = await downloading;
    const path = await download.path();
    return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
  }

  /** The session JWT the app holds, for talking to the API as this user. */
  async sessionToken(): Promise<string> {
    const token = await this.page.evaluate(() => localStorage.getItem('session_jwt'));
    if (!token) throw new Error('no session_jwt in local storage');
    return token;
  }

  /** GET /api/saved-parcels as the signed-in user of this page. */
  async listThroughApi(): Promise<SavedRecord[]> {
    const response = await this.page.request.get(`${API_URL}/api/saved-parcels`, {
      headers: { Authorization: `Bearer ${await this.sessionToken()}` },
    });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { parcels: SavedRecord[] }).parcels;
  }

  /** Deletes the parcel from this user's saved list through the API, if another test saved it (the specs share one user). */
  async forgetThroughApi(pin: string): Promise<void> {
    for (const saved of (await this.listThroughApi()).filter((record) => record.parcel_pin === pin)) {
      const response = await this.page.request.delete(`${API_URL}/api/saved-parcels/${saved.id}`, {
        headers: { Authorization: `Bearer ${await this.sessionToken()}` },
      });
      expect(response.status()).toBe(204);
    }
  }
}

/** RFC 4180 CSV to rows of fields (quoted fields may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && input[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
