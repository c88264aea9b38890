// The administrators' Data page (remote-data), by role and label as a person finds its parts.
import type { Page } from '@playwright/test';
import { screenshot } from '../fixtures/screenshots.ts';
import { expect } from '../fixtures/test.ts';

export class DataPage {
  constructor(private readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { name: 'Data', level: 1 });
  readonly parcelFile = () => this.page.getByLabel('Parcel file', { exact: true });
  readonly joinTable = () => this.page.getByLabel('Join table (.csv), when the mapping joins one');
  readonly datasetName = () => this.page.getByLabel('Data set name');
  readonly maxRejected = () => this.page.getByLabel('Max rejected (%)');
  readonly bundledMapping = () => this.page.getByRole('radio', { name: /^Bundled/ });
  readonly uploadLimit = () => this.page.getByText(/^Upload limit: \d+ MB/);
  readonly submit = () => this.page.getByRole('button', { name: 'Upload and validate' });
  readonly report = () => this.page.getByRole('heading', { name: 'Validation report' });
  readonly sampleMap = () => this.page.locator('[data-sample-map]');
  readonly publish = () => this.page.getByRole('button', { name: 'Publish' });
  readonly discard = () => this.page.getByRole('button', { name: 'Discard' });
  readonly published = () => this.page.getByText(/^Published \S+ version \d+/);
  readonly dataset = (name: string) => this.page.getByRole('article', { name });
  readonly overlayChoice = () => this.page.getByRole('radio', { name: /^An overlay layer/ });
  readonly overlayFile = () => this.page.getByLabel('Overlay file', { exact: true });
  readonly overlayName = () => this.page.getByLabel('Overlay name');
  readonly overlayBundledMapping = () => this.page.getByRole('combobox', { name: 'Bundled overlay mapping' });
  /** The question before Roll back, Publish again or Remove. */
  readonly question = (name: string) => this.page.getByRole('alertdialog', { name });
  readonly check = () => this.page.getByRole('button', { name: 'Check', exact: true });
  /** An overlay's card is headed by its label, then its name. */
  readonly overlay = (name: string) => this.page.getByRole('region', { name: 'Overlays' }).getByRole('article', { name: new RegExp(` ${name}$`) });
  readonly versions = (name: string) => this.page.getByRole('region', { name: `Versions of ${name}` });

  async goto() {
    await this.page.goto('/data');
    await expect(this.heading()).toBeVisible();
    await expect(this.uploadLimit()).toBeVisible();
  }

  /** The value a report count shows, by its label. */
  count(label: string) {
    return this.page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  }

  /** The whole page as a picture for people, when SCREENSHOTS=1. */
  async shot(name: string) {
    await screenshot(this.page, name, { fullPage: true });
  }
}
