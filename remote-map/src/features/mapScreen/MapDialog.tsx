// A modal dialog over the map screen: a title, its content and Close; Escape or Close closes it (and a
// click beside it, unless told not to), and the focus stays inside while it is open (the shortcuts
// list, Settings, Print).
import { useId, useRef, type ReactNode } from 'react';
import { useDialogFocus } from '@parcel-map/shared';
import './mapDialog.css';

type MapDialogProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The dialog's own buttons: one row, Close last as the secondary one. Without them Close stands alone. */
  actions?: ReactNode;
  /** 30rem rather than 28rem, and the phone's whole width: a form with labels beside its fields. */
  wide?: boolean;
  /** Above the other dialogs and panels, on a deeper shade. */
  raised?: boolean;
  /** False where a stray click must not throw away work in progress (a print being drawn). */
  closesOnBackdropClick?: boolean;
  /** The content's own class on the dialog, beside `map-dialog`. */
  className?: string;
};

export function MapDialog({ title, onClose, children, actions, wide = false, raised = false, closesOnBackdropClick = true, className }: MapDialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useDialogFocus(dialogRef, true, onClose);
  const close = (
    <button type="button" className={actions ? 'pm-button map-dialog__secondary' : 'pm-button'} onClick={onClose}>
      Close
    </button>
  );
  return (
    <div className={raised ? 'map-dialog__backdrop map-dialog__backdrop--raised' : 'map-dialog__backdrop'} onClick={closesOnBackdropClick ? onClose : undefined}>
      <div
        ref={dialogRef}
        className={['map-dialog', wide && 'map-dialog--wide', className].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
        {actions ? (
          <div className="map-dialog__actions">
            {actions}
            {close}
          </div>
        ) : (
          close
        )}
      </div>
    </div>
  );
}
