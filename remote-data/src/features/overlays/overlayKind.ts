import type { OverlayVersion } from '@parcel-map/shared/api';

/** What an overlay's features are, and whether the map draws it as part of the background: 'polygon', 'line, base-map roads'. */
export const overlayKind = ({ geometryType, context }: Pick<OverlayVersion, 'geometryType' | 'context'>) =>
  context ? `${geometryType}, base-map ${context}` : geometryType;
