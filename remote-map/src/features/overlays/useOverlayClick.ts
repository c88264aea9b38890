// The overlay features under the map's last click, for the popup: kept until it is closed or the
// next click, and narrowed to the overlays still shown (switching one off takes its features away).
import { useCallback, useMemo, useState } from 'react';
import type { OverlayClick } from '../../map/mapController.ts';
import type { OverlayLayer } from '../../map/overlayLayers.ts';

export function useOverlayClick(shown: readonly OverlayLayer[]) {
  const [last, setLast] = useState<OverlayClick | null>(null);
  const click = useMemo(() => {
    if (!last) return null;
    const names = new Set(shown.map((layer) => layer.name));
    const features = last.features.filter((feature) => names.has(feature.overlay));
    if (features.length === 0) return null;
    return features.length === last.features.length ? last : { ...last, features };
  }, [last, shown]);
  const clicked = useCallback((next: OverlayClick) => setLast(next.features.length > 0 ? next : null), []);
  const close = useCallback(() => setLast(null), []);
  return { click, clicked, close };
}
