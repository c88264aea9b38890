// The search box's suggestion list as a combobox a keyboard and a screen reader can use (WAI-ARIA 1.2
// combobox with a listbox popup). The geocoder's list library highlights the first suggestion on every
// redraw, so Enter chose a line the user never picked and ArrowDown went to the second one; here nothing
// is highlighted until an arrow key is pressed, Enter then chooses what is highlighted, and Enter with
// nothing highlighted opens the results panel (issue #44).

export interface SuggestionComboboxOptions {
  /** Enter with no suggestion highlighted: every result of the query, in the results panel. */
  allResultsRequested(query: string): void;
  /** Shorter queries are not searched, so Enter does nothing with them. */
  minLength: number;
}

const PICKED = 'data-suggestion-picked';
let lists = 0;

/** Makes `box` (the geocoder's `.mapboxgl-ctrl-geocoder` element) a combobox; answers its removal. */
export function suggestionCombobox(box: HTMLElement, options: SuggestionComboboxOptions): () => void {
  const input = box.querySelector<HTMLInputElement>('input');
  const list = box.querySelector<HTMLUListElement>('ul.suggestions');
  if (!input || !list) throw new Error('The search box has no input or suggestion list');
  const listId = `search-suggestions-${++lists}`;
  list.id = listId;
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Search suggestions');
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', listId);

  // Whether an arrow key has highlighted a suggestion since the list was last filled by typing.
  let picked = false;
  const items = () => [...list.querySelectorAll<HTMLLIElement>(':scope > li')];
  const open = () => list.style.display === 'block' && items().length > 0;

  // The library redraws every line on each move, so the roles are put back after every redraw.
  const describe = () => {
    input.setAttribute('aria-expanded', String(open()));
    let highlighted: HTMLLIElement | undefined;
    items().forEach((item, index) => {
      item.id = `${listId}-${index}`;
      item.setAttribute('role', 'option');
      const selected = picked && item.classList.contains('active');
      item.setAttribute('aria-selected', String(selected));
      if (selected) highlighted = item;
    });
    if (highlighted) input.setAttribute('aria-activedescendant', highlighted.id);
    else input.removeAttribute('aria-activedescendant');
    box.toggleAttribute(PICKED, picked && open());
  };
  const observer = new MutationObserver(describe);
  observer.observe(list, { childList: true, attributes: true, attributeFilter: ['style'] });
  describe();

  // Capture phase on the box: ahead of the list library's own handler on the input.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== input) return;
    const withList = open();
    switch (event.key) {
      case 'ArrowDown':
        // The library would move from its first line to the second: the first arrow shows the first.
        if (withList && !picked) event.stopPropagation();
        picked = withList;
        break;
      case 'ArrowUp':
        picked = withList;
        break;
      case 'Enter':
        if (picked && withList) return;
        event.stopPropagation();
        if (input.value.trim().length < options.minLength) return;
        event.preventDefault();
        input.blur();
        options.allResultsRequested(input.value.trim());
        break;
      case 'Tab':
        // The library chooses its first line on Tab; with nothing highlighted Tab only moves on.
        if (!picked) event.stopPropagation();
        break;
      case 'Escape':
      case 'Backspace':
      case 'Delete':
        picked = false;
        break;
      default:
        // A typed character refills the list; Shift, Control and the like change nothing.
        if (event.key.length === 1) picked = false;
    }
    describe();
  };
  box.addEventListener('keydown', onKeyDown, true);
  return () => {
    observer.disconnect();
    box.removeEventListener('keydown', onKeyDown, true);
  };
}
