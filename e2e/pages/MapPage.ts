import type { Locator, Page } from '@playwright/test';
import { screenshot } from '../fixtures/screenshots.ts';
import { expect } from '../fixtures/test.ts';
import { MEASURE_COLOR } from '../../remote-map/src/features/measure/measureColor.ts';

export interface ApiParcel {
  pin: string;
  owner: string | null;
  name: string | null;
  add1: string | null;
  city: string | null;
  taxacres: number | null;
  township: string | null;
  zoning: string | null;
  sale_date: string | null;
  sales_price: number | null;
  centroid: { lng: number; lat: number };
  geometry: { type: string; coordinates: unknown };
}

type CanvasBox = [left: number, top: number, right: number, bottom: number];

/**
 * Reads back what the map painted in a box of canvas CSS pixels [left, top, right, bottom], from its
 * drawing buffer: the pixels within `tolerance` (per channel) of an RGB colour, or (no colour given)
 * the distinct colours, each channel to 16 levels — a drawn map has dozens, a blank canvas one.
 */
async function readCanvas(page: Page, [left, top, right, bottom]: CanvasBox, near?: { colour: [number, number, number]; tolerance: [number, number, number] }): Promise<number> {
  return page.evaluate(
    ({ near, left, top, right, bottom }) => {
      const source = document.querySelector<HTMLCanvasElement>('canvas.mapboxgl-canvas')!;
      const scale = source.width / source.clientWidth;
      const copy = document.createElement('canvas');
      copy.width = source.width;
      copy.height = source.height;
      const context = copy.getContext('2d')!;
      context.drawImage(source, 0, 0);
      const { data } = context.getImageData(left * scale, top * scale, (right - left) * scale, (bottom - top) * scale);
      let count = 0;
      const colours = new Set<number>();
      for (let i = 0; i < data.length; i += 4) {
        if (!near) colours.add(((data[i]! >> 4) << 8) | ((data[i + 1]! >> 4) << 4) | (data[i + 2]! >> 4));
        else if ([0, 1, 2].every((c) => Math.abs(data[i + c]! - near.colour[c]!) < near.tolerance[c]!)) count += 1;
      }
      return near ? count : colours.size;
    },
    { near, left, top, right, bottom },
  );
}

/** Pixels the map canvas holds within `tolerance` (per channel) of an RGB colour, in a box of canvas CSS pixels. */
export function canvasPixelsNear(page: Page, colour: [number, number, number], tolerance: [number, number, number], box: CanvasBox): Promise<number> {
  return readCanvas(page, box, { colour, tolerance });
}

const MEASURE_RGB = [1, 3, 5].map((at) => Number.parseInt(MEASURE_COLOR.slice(at, at + 2), 16)) as [number, number, number];

/**
 * Pixels of the colour measurements are drawn in (remote-map's measureColor.ts) in a box of canvas
 * CSS pixels: a measured shape as painted, not as Draw stores it (the canvas keeps its buffer).
 */
export function measureColouredPixels(page: Page, box: CanvasBox): Promise<number> {
  return canvasPixelsNear(page, MEASURE_RGB, [24, 24, 48], box);
}

/** Distinct colours the map canvas holds in a box of canvas CSS pixels: a drawn map has dozens, a blank canvas one. */
export function canvasColourCount(page: Page, box: CanvasBox): Promise<number> {
  return readCanvas(page, box);
}

export class MapPage {
  constructor(private readonly page: Page) {}

  readonly canvas = () => this.page.locator('canvas.mapboxgl-canvas');
  readonly container = () => this.page.getByTestId('map-container');
  readonly detailPanel = () => this.page.getByRole('region', { name: /Parcel details/ });
  readonly controls = () => this.page.getByRole('toolbar', { name: 'Map controls' });
  readonly control = (name: string) => this.controls().getByRole('button', { name, exact: true });
  readonly zoomReadout = () => this.page.getByLabel('Zoom level');
  readonly search = () => this.page.getByRole('combobox').or(this.page.getByPlaceholder('Search address, owner or PIN')).first();

  /** A picture of the page for people, when SCREENSHOTS=1 (fixtures/screenshots.ts). */
  async shot(name: string) {
    await screenshot(this.page, name);
  }

  async waitForParcels() {
    // The container too: a map whose container collapsed to 0 px still has a canvas of its old size.
    await expect(this.container()).toBeVisible();
    await expect(this.canvas()).toBeVisible();
    // Generous: on a loaded machine the first tiles of a fresh page can take a while.
    await expect(this.container()).toHaveAttribute('data-map-state', 'idle', { timeout: 45_000 });
  }

  /** Clicks the map where the initial view's centre is: a parcel covers that point. */
  async clickCentre() {
    const box = await this.canvas().boundingBox();
    if (!box) throw new Error('map canvas has no box');
    await this.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }

  /** Clicks the map at a fraction of its width and height. */
  async clickAt(fx: number, fy: number) {
    const box = await this.canvas().boundingBox();
    if (!box) throw new Error('map canvas has no box');
    await this.page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
  }

  async openMenu() {
    await this.page.getByRole('button', { name: 'Open menu' }).click();
  }

  /** The selected parcel's PIN, read from the panel heading once its details have loaded. */
  async selectedPin(): Promise<string> {
    const heading = this.detailPanel().getByRole('heading', { name: /PIN \S+/ });
    await expect(heading).toBeVisible();
    await expect(this.detailPanel().getByText('Loading parcel details...')).toBeHidden();
    return (await heading.textContent())!.replace(/^\s*PIN\s*/, '').trim();
  }

  /** The value the panel shows for a field label. */
  field(label: string): Locator {
    return this.detailPanel().locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  }

  /** GET on the parcel API with the page's own session, as the app would. */
  async apiGet<T>(path: string): Promise<T> {
    const apiBase = await this.page.evaluate(async () => ((await (await fetch('/config.json')).json()) as { apiBaseUrl: string }).apiBaseUrl);
    const token = await this.page.evaluate(() => localStorage.getItem('session_jwt'));
    const response = await this.page.request.get(`${apiBase}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
    return (await response.json()) as T;
  }

  /** POST on the parcel API with the page's own session. */
  async apiPost(path: string, body: unknown): Promise<number> {
    const apiBase = await this.page.evaluate(async () => ((await (await fetch('/config.json')).json()) as { apiBaseUrl: string }).apiBaseUrl);
    const token = await this.page.evaluate(() => localStorage.getItem('session_jwt'));
    const response = await this.page.request.post(`${apiBase}${path}`, { headers: { Authorization: `Bearer ${token}` }, data: body });
    return response.status();
  }

  /**
   * A parcel near a point of the current view (fractions of the map's size), asked of the API, and
   * the page position of its centroid: clicking there selects it whatever the data set looks like.
   */
  async findParcel(fx: number, fy: number): Promise<{ pin: string; x: number; y: number }> {
    const box = await this.canvas().boundingBox();
    if (!box) throw new Error('map canvas has no box');
    // The camera where the page is now: selecting a parcel can pan the map to keep it above the panel.
    const view = this.viewFromUrl() ?? OPENING_VIEW;
    for (const [dx, dy] of [[0, 0], [0.05, 0], [0, 0.05], [-0.05, 0], [0, -0.05], [0.1, 0.1], [-0.1, -0.1]] as const) {
      const [lng, lat] = unproject((fx + dx) * box.width, (fy + dy) * box.height, box.width, box.height, view);
      const apiBase = await this.page.evaluate(async () => ((await (await fetch('/config.json')).json()) as { apiBaseUrl: string }).apiBaseUrl);
      const token = await this.page.evaluate(() => localStorage.getItem('session_jwt'));
      const response = await this.page.request.get(`${apiBase}/api/parcels/at?lng=${lng}&lat=${lat}`, { headers: { Authorization: `Bearer ${token}` } });
      if (!response.ok()) continue;
      const parcel = (await response.json()) as Partial<ApiParcel> | null;
      if (!parcel?.pin || !parcel.centroid) continue;
      const [x, y] = project(parcel.centroid.lng, parcel.centroid.lat, box.width, box.height, view);
      return { pin: parcel.pin, x: box.x + x, y: box.y + y };
    }
    throw new Error(`no parcel near ${fx},${fy}`);
  }

  /** Clicks a parcel found with findParcel and returns its PIN. */
  async clickParcelNear(fx: number, fy: number): Promise<string> {
    const parcel = await this.findParcel(fx, fy);
    await this.page.mouse.click(parcel.x, parcel.y);
    return parcel.pin;
  }

  /** The camera as the URL carries it (?view=lng,lat,zoom). */
  viewFromUrl(): { lng: number; lat: number; zoom: number } | null {
    const view = new URL(this.page.url()).searchParams.get('view');
    if (!view) return null;
    const [lng, lat, zoom] = view.split(',').map(Number) as [number, number, number];
    return { lng, lat, zoom };
  }
}

/** The opening view of the map screen (SPEC §2). */
export const OPENING_VIEW = { lng: -80.86, lat: 35.62, zoom: 13 };
type View = typeof OPENING_VIEW;
// mapbox-gl's world is 512 px at zoom 0.
const worldSize = (view: View) => 512 * 2 ** view.zoom;

function mercator(lng: number, lat: number, view: View): [number, number] {
  const sin = Math.sin((lat * Math.PI) / 180);
  return [((lng + 180) / 360) * worldSize(view), (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * worldSize(view)];
}

/** Coordinates under a canvas pixel with the camera at `view` (north up, no pitch). */
export function unproject(x: number, y: number, width: number, height: number, view: View = OPENING_VIEW): [number, number] {
  const [cx, cy] = mercator(view.lng, view.lat, view);
  const px = cx + (x - width / 2);
  const py = cy + (y - height / 2);
  return [(px / worldSize(view)) * 360 - 180, (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / worldSize(view)))) * 180) / Math.PI];
}

/** The canvas pixel of a coordinate with the camera at `view`. */
function project(lng: number, lat: number, width: number, height: number, view: View): [number, number] {
  const [cx, cy] = mercator(view.lng, view.lat, view);
  const [px, py] = mercator(lng, lat, view);
  return [px - cx + width / 2, py - cy + height / 2];
}
