// A small modal dialog over the map screen: a title, its content and Close; Escape, Close or a click
// beside it closes it, and the focus stays inside while it is open (the shortcuts list, Settings).
import { useId, useRef, type ReactNode } from 'react';
import { useDialogFocus } from '@parcel-map/shared';
import './mapDialog.css';

export function MapDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useDialogFocus(dialogRef, true, onClose);
  return (
    <div className="map-dialog__backdrop" onClick={onClose}>
      <div ref={dialogRef} className="map-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onClick={(event) => event.stopPropagation()}>
        <h2 id={titleId}>{title}</h2>
        {children}
        <button type="button" className="pm-button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
