// What the map says of an imagery base map whose service did not answer (docs/decisions.md, "Imagery on
// the map"): "<label> is not answering — showing <base map>", under its menu entry and in a notice.
import { useCallback } from 'react';
import { selectRuntimeConfig, useAppSelector } from '@parcel-map/shared';
import { selectNotAnsweringBaseMaps } from '../mapView/mapViewSlice.ts';
import { imageryLabelOf, useImageryStyles } from './imageryApi.ts';

/** The message for a base map id, or undefined while it is not known to be down. */
export function useBaseMapProblems(): (styleId: string) => string | undefined {
  const configured = useAppSelector(selectRuntimeConfig)?.map.styles;
  const imagery = useImageryStyles();
  const notAnswering = useAppSelector(selectNotAnsweringBaseMaps);
  return useCallback(
    (styleId: string) => {
      const showingId = notAnswering[styleId];
      const styles = [...(configured ?? []), ...imagery];
      const style = styles.find((candidate) => candidate.id === styleId);
      if (showingId === undefined || !style) return undefined;
      const showing = styles.find((candidate) => candidate.id === showingId)?.name ?? 'the previous base map';
      return `${imageryLabelOf(style)} is not answering — showing ${showing}`;
    },
    [configured, imagery, notAnswering],
  );
}
