// '?' lists the keyboard shortcuts of the map screen (issue #25): a small dialog, Escape closes it;
// Settings lists them too.
import { useEffect, useState } from 'react';
import { MapDialog } from '../mapScreen/MapDialog.tsx';
import './shortcutsHelp.css';

const SHORTCUTS: readonly [keys: string, what: string][] = [
  ['?', 'Show this list of shortcuts'],
  ['Tab, Shift+Tab', 'Move between the search box, the controls and the panels'],
  ['Arrow keys', 'Pan the map (with the map focused)'],
  ['+ and −', 'Zoom in and out (with the map focused)'],
  ['Enter', 'Select the parcel under the crosshair at the map centre (map focused); measuring, add a point there (the arrow keys move the map under it), and Enter again to finish'],
  ['1, 2, 3', 'Mark a point, measure a distance or an area (measure tools open, map focused)'],
  ['Delete, Backspace', 'Delete the measured shape'],
  ['Escape', 'Cancel a shape, or close a menu, panel, popup or dialog'],
];

/** Whether a key press happened in a place that takes text: '?' is typed there, not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** The map screen's shortcuts, as '?' and Settings list them. */
export function ShortcutList() {
  return (
    <dl className="shortcut-list">
      {SHORTCUTS.map(([keys, what]) => (
        <div key={keys} className="shortcut-list__row">
          <dt>{keys}</dt>
          <dd>{what}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ShortcutsHelp() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  if (!open) return null;
  return (
    <MapDialog title="Keyboard shortcuts" onClose={() => setOpen(false)}>
      <ShortcutList />
    </MapDialog>
  );
}
