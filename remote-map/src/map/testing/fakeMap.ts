// An in-memory stand-in for the mapbox-gl Map methods remote-map's map code calls, for Vitest: a
// style of sources and ordered layers with their layout, paint and filter; events; `style.load`
// after the constructor and after each setStyle. What a layer draws is its source's features that
// pass its filter while it is visible, evaluated by mapbox-gl's own style-spec. For tests only.
import type { Feature, FeatureCollection } from 'geojson';
import mapboxgl from 'mapbox-gl';
import type { FilterSpecification, LayerSpecification, Map as MapboxMap, SourceSpecification } from 'mapbox-gl';
// The style-spec bundle ships its declarations as index.d.ts beside index.es.js, which TS cannot pair.
// @ts-expect-error -- typed through the cast below
import * as styleSpecModule from 'mapbox-gl/dist/style-spec/index.es.js';
import type * as StyleSpec from 'mapbox-gl/dist/style-spec/index.d.ts';

const styleSpec = styleSpecModule as typeof StyleSpec;

/** A base map the fake can load: its url is what setStyle is given. */
export interface FakeStyle {
  url: string;
  name?: string;
  glyphs?: string;
  layers?: LayerSpecification[];
}

/** A feature as queryRenderedFeatures answers it. */
export interface DrawnFeature {
  id?: string | number;
  layer: { id: string };
  properties: Record<string, unknown>;
  geometry: Feature['geometry'];
}

interface FakeSource {
  spec: SourceSpecification;
  /** A GeoJSON source's data, or a vector source's features as a test gave them. */
  features: Feature[];
  setData(data: FeatureCollection): void;
  setTiles(tiles: string[]): void;
}

type Listener = (event: Record<string, unknown>) => void;
interface Subscription {
  type: string;
  layerId: string | undefined;
  listener: Listener;
  once: boolean;
}

const GEOMETRY_TYPES: Record<string, 1 | 2 | 3> = { Point: 1, MultiPoint: 1, LineString: 2, MultiLineString: 2, Polygon: 3, MultiPolygon: 3 };

export class FakeMap {
  readonly container = document.createElement('div');
  /** As mapbox-gl builds an interactive map's: the canvas in a container of its own, in the Tab order. */
  readonly canvasContainer = document.createElement('div');
  readonly canvas = this.canvasContainer.appendChild(Object.assign(document.createElement('canvas'), { tabIndex: 0 }));
  readonly controls: unknown[] = [];
  readonly doubleClickZoom = { enabled: true, enable: () => void (this.doubleClickZoom.enabled = true), disable: () => void (this.doubleClickZoom.enabled = false) };
  /** What queryRenderedFeatures was asked, in order. */
  readonly queries: { at: unknown; layers: string[] }[] = [];
  removed = false;
  center = { lng: -80.86, lat: 35.62 };
  zoom = 13;
  /** The zoom filters and layer zoom ranges are evaluated at. */
  private readonly styles: readonly FakeStyle[];
  private style: { name: string | undefined; glyphs: string | undefined; sources: Map<string, FakeSource>; layers: LayerSpecification[] } | null = null;
  private readonly vectorFeatures = new Map<string, Feature[]>();
  private readonly loadedSources = new Set<string>();
  private subscriptions: Subscription[] = [];
  private styleLoad: Promise<void> = Promise.resolve();

  constructor(styles: readonly FakeStyle[], initialUrl = styles[0]?.url) {
    this.styles = styles;
    if (initialUrl) this.setStyle(initialUrl);
  }

  /** The fake as the map code's type. */
  get map(): MapboxMap {
    return this as unknown as MapboxMap;
  }

  // ---- Test side ----

  /** Resolves once the style asked for last has loaded and its `style.load` listeners have run. */
  styleLoaded(): Promise<void> {
    return this.styleLoad;
  }

  /** Fires an event at the listeners of its type (and, with `layerId`, those registered for that layer). */
  fire(type: string, event: Record<string, unknown> = {}, layerId?: string): void {
    for (const subscription of [...this.subscriptions]) {
      if (subscription.type !== type || subscription.layerId !== layerId) continue;
      if (subscription.once) this.subscriptions = this.subscriptions.filter((candidate) => candidate !== subscription);
      subscription.listener({ type, target: this, ...event });
    }
  }

  listenerCount(type: string, layerId?: string): number {
    return this.subscriptions.filter((subscription) => subscription.type === type && subscription.layerId === layerId).length;
  }

  /** The features of a vector source (by source id), as if its tiles held them. */
  setVectorFeatures(sourceId: string, features: Feature[]): void {
    this.vectorFeatures.set(sourceId, features);
  }

  /** Marks a source's tiles of the view as loaded (isSourceLoaded). */
  setSourceLoaded(sourceId: string, loaded = true): void {
    if (loaded) this.loadedSources.add(sourceId);
    else this.loadedSources.delete(sourceId);
  }

  layerIds(): string[] {
    return this.requireStyle().layers.map((layer) => layer.id);
  }

  sourceIds(): string[] {
    return [...this.requireStyle().sources.keys()];
  }

  sourceSpec(id: string): SourceSpecification | undefined {
    return this.style?.sources.get(id)?.spec;
  }

  /** 'visible' or 'none' as the layer's layout holds it; undefined for a missing layer. */
  visibility(layerId: string): 'visible' | 'none' | undefined {
    const layer = this.findLayer(layerId);
    if (!layer) return undefined;
    return (layer.layout as { visibility?: 'visible' | 'none' } | undefined)?.visibility ?? 'visible';
  }

  /** What a layer draws at the fake's zoom: its source's features that pass its filter, none while hidden or outside its zooms. */
  drawnFeatures(layerId: string): DrawnFeature[] {
    const layer = this.findLayer(layerId);
    if (!layer || this.visibility(layerId) === 'none' || !('source' in layer) || typeof layer.source !== 'string') return [];
    if (this.zoom < (layer.minzoom ?? 0) || this.zoom >= (layer.maxzoom ?? 24)) return [];
    const filter = 'filter' in layer && layer.filter ? styleSpec.featureFilter(layer.filter as FilterSpecification).filter : () => true;
    const source = this.style!.sources.get(layer.source);
    const features = source?.spec.type === 'vector' ? (this.vectorFeatures.get(layer.source) ?? []) : (source?.features ?? []);
    return features
      .filter((feature) => filter({ zoom: this.zoom }, { type: GEOMETRY_TYPES[feature.geometry.type] ?? 1, properties: feature.properties ?? {}, geometry: [], id: feature.id } as never))
      .map((feature) => ({ ...(feature.id !== undefined && { id: feature.id }), layer: { id: layerId }, properties: feature.properties ?? {}, geometry: feature.geometry }));
  }

  // ---- mapbox-gl Map ----

  on(type: string, layerOrListener: string | Listener, listener?: Listener): this {
    this.subscribe(type, layerOrListener, listener, false);
    return this;
  }

  once(type: string, layerOrListener: string | Listener, listener?: Listener): this {
    this.subscribe(type, layerOrListener, listener, true);
    return this;
  }

  off(type: string, layerOrListener: string | Listener, listener?: Listener): this {
    const [layerId, fn] = typeof layerOrListener === 'string' ? [layerOrListener, listener] : [undefined, layerOrListener];
    this.subscriptions = this.subscriptions.filter((subscription) => !(subscription.type === type && subscription.layerId === layerId && subscription.listener === fn));
    return this;
  }

  addControl(control: unknown): this {
    this.controls.push(control);
    return this;
  }

  removeControl(control: unknown): this {
    this.controls.splice(this.controls.indexOf(control), 1);
    return this;
  }

  setStyle(url: string): this {
    const style = this.styles.find((candidate) => candidate.url === url);
    if (!style) throw new Error(`FakeMap: no style ${url}`);
    // As mapbox-gl with diff: false, the old style is gone at once and the new one loads later.
    this.style = null;
    this.styleLoad = Promise.resolve().then(() => {
      this.style = { name: style.name, glyphs: style.glyphs, sources: new Map(), layers: structuredClone(style.layers ?? []) };
      this.fire('style.load');
    });
    return this;
  }

  isStyleLoaded(): boolean {
    return this.style !== null;
  }

  getStyle() {
    if (!this.style) return undefined;
    const { name, glyphs, sources, layers } = this.style;
    return { version: 8, name, glyphs, sources: Object.fromEntries([...sources].map(([id, source]) => [id, source.spec])), layers: structuredClone(layers) };
  }

  addSource(id: string, spec: SourceSpecification): void {
    const style = this.requireStyle();
    if (style.sources.has(id)) throw new Error(`FakeMap: source ${id} already exists`);
    const source: FakeSource = {
      spec: structuredClone(spec),
      features: spec.type === 'geojson' ? featuresOf(spec.data) : [],
      setData(data) {
        source.features = featuresOf(data);
      },
      setTiles(tiles) {
        source.spec = { ...source.spec, tiles } as SourceSpecification;
      },
    };
    style.sources.set(id, source);
  }

  getSource(id: string): FakeSource | undefined {
    return this.style?.sources.get(id);
  }

  removeSource(id: string): void {
    const style = this.requireStyle();
    const user = style.layers.find((layer) => 'source' in layer && layer.source === id);
    if (user) throw new Error(`FakeMap: source ${id} is used by layer ${user.id}`);
    style.sources.delete(id);
  }

  isSourceLoaded(id: string): boolean {
    return this.loadedSources.has(id);
  }

  addLayer(layer: LayerSpecification, beforeId?: string): void {
    const style = this.requireStyle();
    if (this.findLayer(layer.id)) throw new Error(`FakeMap: layer ${layer.id} already exists`);
    if ('source' in layer && typeof layer.source === 'string' && !style.sources.has(layer.source)) throw new Error(`FakeMap: layer ${layer.id} needs missing source ${layer.source}`);
    const at = beforeId === undefined ? style.layers.length : style.layers.findIndex((candidate) => candidate.id === beforeId);
    if (at < 0) throw new Error(`FakeMap: layer ${layer.id} added before missing layer ${beforeId}`);
    style.layers.splice(at, 0, structuredClone(layer));
  }

  getLayer(id: string): LayerSpecification | undefined {
    return this.findLayer(id);
  }

  removeLayer(id: string): void {
    const style = this.requireStyle();
    style.layers = style.layers.filter((layer) => layer.id !== id);
  }

  setLayoutProperty(id: string, name: string, value: unknown): void {
    const layer = this.requireLayer(id);
    layer.layout = { ...layer.layout, [name]: value } as never;
  }

  getLayoutProperty(id: string, name: string): unknown {
    return (this.requireLayer(id).layout as Record<string, unknown> | undefined)?.[name];
  }

  setPaintProperty(id: string, name: string, value: unknown): void {
    const layer = this.requireLayer(id);
    layer.paint = { ...layer.paint, [name]: value } as never;
  }

  getPaintProperty(id: string, name: string): unknown {
    return (this.requireLayer(id).paint as Record<string, unknown> | undefined)?.[name];
  }

  setFilter(id: string, filter: FilterSpecification | null): void {
    const layer = this.requireLayer(id) as { filter?: FilterSpecification };
    if (filter) layer.filter = filter;
    else delete layer.filter;
  }

  getFilter(id: string): FilterSpecification | undefined {
    return (this.requireLayer(id) as { filter?: FilterSpecification }).filter;
  }

  /** Every feature the asked layers draw, topmost layer first, wherever the point or box is. */
  queryRenderedFeatures(at: unknown, options: { layers?: string[] } = {}): DrawnFeature[] {
    const layers = options.layers ?? this.layerIds();
    this.queries.push({ at, layers });
    const order = this.layerIds();
    return [...layers].sort((a, b) => order.indexOf(b) - order.indexOf(a)).flatMap((id) => this.drawnFeatures(id));
  }

  getContainer(): HTMLElement {
    return this.container;
  }

  getCanvas(): HTMLCanvasElement {
    return this.canvas;
  }

  getCanvasContainer(): HTMLElement {
    return this.canvasContainer;
  }

  /** A LngLat, as mapbox-gl answers: the geocoder reads the view through its wrap(). */
  getCenter() {
    return new mapboxgl.LngLat(this.center.lng, this.center.lat);
  }

  getZoom(): number {
    return this.zoom;
  }

  jumpTo({ center, zoom }: { center?: [number, number]; zoom?: number }): this {
    if (center) this.center = { lng: center[0], lat: center[1] };
    if (zoom !== undefined) this.zoom = zoom;
    return this;
  }

  flyTo(options: { center?: [number, number]; zoom?: number }): this {
    return this.jumpTo(options);
  }

  easeTo(options: { center?: [number, number]; zoom?: number }): this {
    return this.jumpTo(options);
  }

  fitBounds(): this {
    return this;
  }

  panBy(): this {
    return this;
  }

  isMoving(): boolean {
    return false;
  }

  project(): { x: number; y: number } {
    return { x: 0, y: 0 };
  }

  resize(): this {
    return this;
  }

  remove(): void {
    if (this.removed) throw new Error('FakeMap: removed twice');
    this.removed = true;
    this.subscriptions = [];
  }

  private subscribe(type: string, layerOrListener: string | Listener, listener: Listener | undefined, once: boolean) {
    const [layerId, fn] = typeof layerOrListener === 'string' ? [layerOrListener, listener!] : [undefined, layerOrListener];
    this.subscriptions.push({ type, layerId, listener: fn, once });
  }

  private requireStyle() {
    // mapbox-gl: 'Style is not done loading'.
    if (!this.style) throw new Error('FakeMap: style is not done loading');
    return this.style;
  }

  private findLayer(id: string): LayerSpecification | undefined {
    return this.style?.layers.find((layer) => layer.id === id);
  }

  private requireLayer(id: string): LayerSpecification {
    const layer = this.findLayer(id);
    // mapbox-gl reports a missing layer as an error event and does nothing: a test must see it.
    if (!layer) throw new Error(`FakeMap: no layer ${id}`);
    return layer;
  }
}

function featuresOf(data: unknown): Feature[] {
  return structuredClone((data as FeatureCollection | undefined)?.features ?? []);
}
