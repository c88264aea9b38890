import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithStore } from '@parcel-map/shared/testing';
import { ShortcutsHelp } from './ShortcutsHelp.tsx';

describe("'?' shortcuts", () => {
  it("lists the shortcuts on '?', and Escape closes the list", async () => {
    renderWithStore(<ShortcutsHelp />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.keyboard('?');
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog).toHaveTextContent('measure a distance or an area');
    expect(dialog).toHaveTextContent('Select the parcel under the crosshair at the map centre');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("leaves '?' alone in a text box", async () => {
    renderWithStore(
      <>
        <input aria-label="Search" />
        <ShortcutsHelp />
      </>,
    );
    await userEvent.type(screen.getByLabelText('Search'), 'who?');
    expect(screen.getByLabelText('Search')).toHaveValue('who?');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
