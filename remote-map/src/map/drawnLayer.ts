// What a drawn layer module declares: its state, how it puts its sources and layers on a freshly
// loaded style for that state, and how it follows a change of it. The controller holds every
// layer's state and calls these (drawnLayers.ts lists the layers); a layer keeps nothing of its own.
import type { FeatureCollection } from 'geojson';
import type { GeoJSONSource, LayerSpecification, Map as MapboxMap } from 'mapbox-gl';
import type { RuntimeConfig } from '@parcel-map/shared';
import type { MapStateChanges } from './mapStatePublication.ts';

/** What the layers are told about the base map that loaded. */
export interface LoadedStyle {
  satellite: boolean;
}

export interface DrawnLayer<State extends object> {
  /** The state before anything is asked of the map. */
  initial(config: RuntimeConfig['map']): State;
  /** Adds the sources and layers to a style that has just loaded (and holds none of them). */
  install(map: MapboxMap, state: State, style: LoadedStyle): void;
  /** Makes the installed sources and layers show `state` instead of `previous`. */
  update(map: MapboxMap, state: State, previous: State, style: LoadedStyle): void;
  /** What the map container says about the layer (mapStatePublication.ts), after each install and update. */
  published?(state: State, map: MapboxMap): MapStateChanges;
}

export type StateOf<Layer> = Layer extends DrawnLayer<infer State> ? State : never;

const visibility = (visible: boolean) => (visible ? 'visible' : 'none');

/**
 * A layer drawn from one GeoJSON source, installed on top of what is drawn before it, or under
 * `under` where the style has that layer. The source's data follows from the state; a state with
 * `visible` shows or hides all its layers by it.
 */
export function geoJsonLayer<State extends object>(declaration: {
  sourceId: string;
  layers: readonly LayerSpecification[];
  under?: string;
  initial(): State;
  data(state: State): FeatureCollection;
  published?(state: State, map: MapboxMap): MapStateChanges;
}): DrawnLayer<State> {
  const { sourceId, layers, data, published } = declaration;
  const visibleOf = (state: State) => (state as { visible?: boolean }).visible;
  const dataChanged = (state: State, previous: State) =>
    (Object.keys(state) as (keyof State)[]).some((key) => key !== 'visible' && state[key] !== previous[key]);
  return {
    initial: () => declaration.initial(),
    install(map, state) {
      map.addSource(sourceId, { type: 'geojson', data: data(state) });
      const visible = visibleOf(state);
      const before = declaration.under && map.getLayer(declaration.under) ? declaration.under : undefined;
      for (const layer of layers) {
        map.addLayer(visible === undefined ? layer : ({ ...layer, layout: { ...layer.layout, visibility: visibility(visible) } } as LayerSpecification), before);
      }
    },
    update(map, state, previous) {
      if (dataChanged(state, previous)) (map.getSource(sourceId) as GeoJSONSource).setData(data(state));
      const visible = visibleOf(state);
      if (visible === undefined || visible === visibleOf(previous)) return;
      for (const layer of layers) map.setLayoutProperty(layer.id, 'visibility', visibility(visible));
    },
    published,
  };
}
