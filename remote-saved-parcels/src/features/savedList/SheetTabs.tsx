// The saved sheet's two tabs, saved parcels and markups (WAI-ARIA tabs: the arrow keys move between them).
import { useRef, type KeyboardEvent } from 'react';

export type SheetTab = 'parcels' | 'markups';
const TABS: [SheetTab, string][] = [
  ['parcels', 'Parcels'],
  ['markups', 'Markups'],
];

export function SheetTabs({ idPrefix, selected, onSelect }: { idPrefix: string; selected: SheetTab; onSelect: (tab: SheetTab) => void }) {
  const buttons = useRef(new Map<SheetTab, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const index = TABS.findIndex(([tab]) => tab === selected);
    const [next] = TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!;
    onSelect(next);
    buttons.current.get(next)?.focus();
  };
  return (
    <div className="saved-sheet__tabs" role="tablist" aria-label="Saved" onKeyDown={onKeyDown}>
      {TABS.map(([tab, label]) => (
        <button
          key={tab}
          ref={(button) => {
            if (button) buttons.current.set(tab, button);
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-${tab}-tab`}
          aria-controls={`${idPrefix}-${tab}-panel`}
          aria-selected={tab === selected}
          tabIndex={tab === selected ? 0 : -1}
          className="saved-sheet__tab"
          onClick={() => onSelect(tab)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
