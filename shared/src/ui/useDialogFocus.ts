// Focus handling of a modal dialog (WAI-ARIA dialog pattern): focus moves in when it opens, Tab and
// Shift+Tab stay inside, and focus returns to what had it before when it closes.
import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/**
 * While `open`, keeps keyboard focus inside `dialogRef`. `initialFocusRef` gets focus on open, else
 * the first focusable element. Escape calls `onEscape` unless something inside already handled it
 * (called preventDefault), so an inline editor can take Escape for itself.
 */
export function useDialogFocus(
  dialogRef: RefObject<HTMLElement | null>,
  open: boolean,
  onEscape: () => void,
  initialFocusRef?: RefObject<HTMLElement | null>,
) {
  const onEscapeRef = useRef(onEscape);
  useEffect(() => {
    onEscapeRef.current = onEscape;
  });

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    (initialFocusRef?.current ?? (dialog && focusables(dialog)[0]) ?? dialog)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        if (!event.defaultPrevented) onEscapeRef.current();
        return;
      }
      if (event.key !== 'Tab' || !dialogRef.current) return;
      const items = focusables(dialogRef.current);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      const inside = active instanceof Node && dialogRef.current.contains(active);
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      // Give focus back only if it is still inside the dialog or lost to the page.
      const active = document.activeElement;
      if (previouslyFocused?.isConnected && (active === null || active === document.body || (active instanceof Node && dialog?.contains(active)) || !active.isConnected)) {
        previouslyFocused.focus();
      }
    };
  }, [open, dialogRef, initialFocusRef]);
}
