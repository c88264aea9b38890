import { expect, type Page } from '@playwright/test';

export class MapPage {
  constructor(private readonly page: Page) {}

  readonly canvas = () => this.page.locator('canvas.mapboxgl-canvas');
  readonly detailPanel = () => this.page.getByRole('region', { name: /Parcel details/ });

  async waitForParcels() {
    await expect(this.canvas()).toBeVisible();
    await expect(this.page.getByTestId('map-container')).toHaveAttribute('data-map-state', 'idle');
  }

  /** Clicks the map where the initial view's centre is: a parcel covers that point. */
  async clickCentre() {
    const box = await this.canvas().boundingBox();
    if (!box) throw new Error('map canvas has no box');
    await this.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }

  async openMenu() {
    await this.page.getByRole('button', { name: 'Open menu' }).click();
  }
}
