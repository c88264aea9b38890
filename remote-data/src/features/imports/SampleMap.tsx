import { useEffect, useRef, useState } from 'react';
import type { ImportJob } from '@parcel-map/shared/api';

type Sample = NonNullable<ImportJob['sample']>;

/** The sample parcels on a small map; mapbox-gl loads only when a report shows one. */
export function SampleMap({ sample }: { sample: Sample }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'drawn' | 'failed'>('loading');

  useEffect(() => {
    let remove: (() => void) | undefined;
    let cancelled = false;
    setState('loading');
    import('../../map/sampleMap.ts')
      .then(({ showSample }) => {
        if (cancelled || !container.current) return;
        remove = showSample(container.current, sample, () => setState('drawn'));
      })
      .catch((error: unknown) => {
        console.error('The sample map could not be shown', error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      remove?.();
    };
  }, [sample]);

  if (sample.features.length === 0) return <p className="data-muted">No parcel to show.</p>;
  return (
    <div className="data-sample">
      <div ref={container} className="data-sample__map" data-sample-map={state} role="img" aria-label={`Map of ${sample.features.length} sample parcels`} />
      {state === 'loading' && <p className="data-sample__note">Drawing the sample…</p>}
      {state === 'failed' && <p className="data-sample__note data-error">The sample map could not be shown.</p>}
    </div>
  );
}
