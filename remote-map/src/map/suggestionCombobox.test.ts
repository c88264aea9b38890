import MapboxGeocoder from '@mapbox/mapbox-gl-geocoder';
import { fireEvent, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { suggestionFeatures, suggestionHtml } from './searchControl.ts';
import { suggestionCombobox } from './suggestionCombobox.ts';

const VIEW: [number, number, number, number] = [-81, 35, -80, 36];
const match = (pin: string, owner: string) => ({ pin, owner, add1: '132 SADDLE LN', city: 'MOORESVILLE', zip: '28115', taxacres: 1, centroid: { lng: -80.86, lat: 35.62 }, matched: 'owner' as const });

/** The real geocoder and its list library in the page, fed three parcels and 'See all 3 results'. */
function searchBox() {
  const container = document.createElement('div');
  document.body.append(container);
  const geocoder = new MapboxGeocoder({
    accessToken: 'pk.test',
    minLength: 2,
    limit: 6,
    render: suggestionHtml,
    localGeocoder: () => [],
    localGeocoderOnly: true,
    // As the product offline: the geocoder's usage events would go to Mapbox's cloud on a timer that
    // outlives this file.
    enableEventLogging: false,
    externalGeocoder: async (query: string) => suggestionFeatures(query, { results: [match('1', 'REID STEVEN M'), match('2', 'REID ANNA'), match('3', 'REID JOHN')], total: 3, capped: false, places: [] }, VIEW),
  } as ConstructorParameters<typeof MapboxGeocoder>[0]);
  geocoder.addTo(container);
  const chosen: string[] = [];
  geocoder.on('result', ({ result }: { result: { place_name: string } }) => chosen.push(result.place_name));
  const allResults: string[] = [];
  const box = container.querySelector<HTMLElement>('.mapboxgl-ctrl-geocoder')!;
  const remove = suggestionCombobox(box, { allResultsRequested: (query) => allResults.push(query), minLength: 2 });
  const input = box.querySelector('input')!;
  const options = () => [...box.querySelectorAll<HTMLLIElement>('ul.suggestions > li')];
  const selected = () => options().filter((option) => option.getAttribute('aria-selected') === 'true').map((option) => option.textContent);
  return { box, input, options, selected, chosen, allResults, remove, container };
}

// The list library reads keyCode, which browsers still send and user-event does not.
const KEY_CODES = { ArrowDown: 40, ArrowUp: 38, Enter: 13, Tab: 9 } as const;
/** A key, and the list's redraw it causes seen by the combobox (a mutation observer's turn). */
async function press(box: ReturnType<typeof searchBox>, key: keyof typeof KEY_CODES) {
  fireEvent.keyDown(box.input, { key, keyCode: KEY_CODES[key] });
  await new Promise((resolve) => setTimeout(resolve, 0));
}

async function typed(box: ReturnType<typeof searchBox>, text: string) {
  await userEvent.type(box.input, text);
  await waitFor(() => expect(box.input).toHaveAttribute('aria-expanded', 'true'), { timeout: 3_000 });
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the search box as a combobox', () => {
  it('announces its list of suggestions as a listbox of options', async () => {
    const box = searchBox();
    expect(box.input).toHaveAttribute('role', 'combobox');
    expect(box.input).toHaveAttribute('aria-autocomplete', 'list');
    expect(box.input).toHaveAttribute('aria-expanded', 'false');
    await typed(box, 'reid');
    const list = box.box.querySelector('ul.suggestions')!;
    expect(list).toHaveAttribute('role', 'listbox');
    expect(box.input).toHaveAttribute('aria-controls', list.id);
    expect(box.options().map((option) => option.getAttribute('role'))).toEqual(['option', 'option', 'option', 'option']);
    expect(box.options().at(-1)).toHaveTextContent('See all 3 results');
  });

  it('highlights nothing until an arrow key; the first ArrowDown highlights the first suggestion and Enter chooses it', async () => {
    const box = searchBox();
    await typed(box, 'reid');
    expect(box.selected()).toEqual([]);
    expect(box.input).not.toHaveAttribute('aria-activedescendant');
    expect(box.box).not.toHaveAttribute('data-suggestion-picked');

    await press(box, 'ArrowDown');
    expect(box.selected()).toEqual(['REID STEVEN M132 SADDLE LN, MOORESVILLEPIN 1']);
    expect(box.input).toHaveAttribute('aria-activedescendant', box.options()[0]!.id);
    expect(box.box).toHaveAttribute('data-suggestion-picked');
    await press(box, 'ArrowDown');
    expect(box.selected()).toEqual(['REID ANNA132 SADDLE LN, MOORESVILLEPIN 2']);

    await press(box, 'Enter');
    expect(box.chosen).toEqual(['REID ANNA — 132 SADDLE LN, MOORESVILLE — PIN 2']);
    expect(box.allResults).toEqual([]);
  });

  it('goes to the last suggestion on a first ArrowUp', async () => {
    const box = searchBox();
    await typed(box, 'reid');
    await press(box, 'ArrowUp');
    expect(box.selected()).toEqual(['See all 3 results']);
  });

  it('opens every result on Enter with nothing highlighted, and forgets a highlight once the text changes', async () => {
    const box = searchBox();
    await typed(box, 'reid');
    await press(box, 'Enter');
    expect(box.allResults).toEqual(['reid']);
    expect(box.chosen).toEqual([]);

    await typed(box, ' s');
    await press(box, 'ArrowDown');
    await userEvent.type(box.input, 't');
    await waitFor(() => expect(box.input).not.toHaveAttribute('aria-activedescendant'));
    await press(box, 'Enter');
    expect(box.allResults).toEqual(['reid', 'reid st']);
    expect(box.chosen).toEqual([]);
  });

  it('lets Tab move on without choosing the first suggestion', async () => {
    const box = searchBox();
    await typed(box, 'reid');
    await press(box, 'Tab');
    expect(box.chosen).toEqual([]);
    expect(box.input.value).toBe('reid');
  });

  it('does nothing on Enter in a box too short to search, and stops listening when removed', async () => {
    const box = searchBox();
    await userEvent.type(box.input, 'r{Enter}');
    expect(box.allResults).toEqual([]);
    box.remove();
    await userEvent.type(box.input, 'eid');
    await waitFor(() => expect(box.options()).toHaveLength(4), { timeout: 3_000 });
    await press(box, 'Enter');
    expect(box.allResults).toEqual([]);
    expect(box.input).not.toHaveAttribute('aria-activedescendant');
  });
});
