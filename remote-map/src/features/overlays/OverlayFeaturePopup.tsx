// What a click on an overlay layer shows (issue #23 §5): a small popup at the clicked place, for each
// overlay feature there its overlay's label and every attribute — those its mapping describes first,
// in its order, under its labels, their codes told and units written — then the others, name → value. Its Close button or
// Escape closes it; the next click on the map replaces it. Drawn by React into the map's popup; on a
// phone, a card under the search box instead (docs/decisions.md): the parcel panel covers the lower
// 60% of the screen there, and a popup at the click would open under it.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { MapController, OverlayClick } from '../../map/mapController.ts';
import type { OverlayFeatureHit } from '../../map/overlayLayers.ts';
import { overlayValueText } from './overlayValueText.ts';
import './overlayFeaturePopup.css';

/** The parcel finder's phone breakpoint (parcelFinder.css). */
export const DOCKED_CARD_QUERY = '(max-width: 600px)';

function useMediaQuery(query: string): boolean {
  const [media] = useState(() => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : null));
  return useSyncExternalStore(
    (changed) => {
      media?.addEventListener('change', changed);
      return () => media?.removeEventListener('change', changed);
    },
    () => media?.matches ?? false,
  );
}

export function OverlayFeaturePopup({ controller, click, onClose }: { controller: MapController | null; click: OverlayClick | null; onClose(): void }) {
  const [content] = useState(() => document.createElement('div'));
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const docked = useMediaQuery(DOCKED_CARD_QUERY);

  useEffect(() => {
    if (!controller || !click || docked) return;
    return controller.showPopup(click.lngLat, content);
  }, [controller, click, content, docked]);

  useEffect(() => {
    if (!click) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [click]);

  if (!click || click.features.length === 0) return null;
  const card = (
    <section className="overlay-feature" aria-label="Overlay details">
      {click.features.map((feature, index) => (
        <div key={index} className="overlay-feature__item">
          <h2 className="overlay-feature__title">{feature.label}</h2>
          <dl className="overlay-feature__fields">
            {featureRows(feature).map(({ key, label, text }) => (
              <div key={key} className="overlay-feature__field">
                <dt>{label}</dt>
                <dd>{text}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
      <button type="button" className="pm-button overlay-feature__close" onClick={() => onCloseRef.current()}>
        Close
      </button>
    </section>
  );
  return docked ? <div className="overlay-feature-dock">{card}</div> : createPortal(card, content);
}

/** The feature's properties its overlay's fields describe, in their order and words, then the rest under their own names. */
function featureRows({ fields, properties }: OverlayFeatureHit): { key: string; label: string; text: string }[] {
  const described = fields.flatMap((field) => {
    const value = properties[field.key];
    return value === undefined ? [] : [{ key: field.key, label: field.label, text: overlayValueText(value, field) }];
  });
  const keys = new Set(fields.map((field) => field.key));
  const others = Object.entries(properties)
    .filter(([key]) => !keys.has(key))
    .map(([key, value]) => ({ key, label: key, text: overlayValueText(value, undefined) }));
  return [...described, ...others];
}
