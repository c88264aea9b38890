import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addAppListener, markupSaveRequested, measureUnitsChosen, type MarkupToSave } from '@parcel-map/shared';
import { renderWithStore } from '@parcel-map/shared/testing';
import { MeasurePalette } from './MeasurePalette.tsx';
import { measureDrawingStopped, measureModeChosen, measurementUpdated } from './measureSlice.ts';
import { measureLine, measurePolygon } from '@parcel-map/shared/measure';
import { MEASURE_COLOR } from './measureColor.ts';

describe("The measure palette's 'Save as markup'", () => {
  it('asks to keep the finished line, with what was measured, and not while it is being drawn', async () => {
    const { store } = renderWithStore(<MeasurePalette />);
    const requested: MarkupToSave[] = [];
    store.dispatch(addAppListener({ actionCreator: markupSaveRequested, effect: ({ payload }) => void requested.push(payload) }));
    act(() => {
      store.dispatch(measureModeChosen({ mode: 'distance' }));
      store.dispatch(measurementUpdated({ measurement: measureLine([[-80.86, 35.62], [-80.859, 35.62]]) }));
    });
    expect(screen.queryByRole('button', { name: 'Save as markup' })).toBeNull();

    act(() => {
      store.dispatch(measureDrawingStopped());
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save as markup' }));
    expect(requested).toEqual([{ geometry: { type: 'LineString', coordinates: [[-80.86, 35.62], [-80.859, 35.62]] }, summary: 'Distance: 297 ft' }]);
  });

  it("offers 'Mark Point' beside SPEC's four buttons", () => {
    const { store } = renderWithStore(<MeasurePalette />);
    act(() => {
      store.dispatch(measureModeChosen({ mode: 'point' }));
    });
    expect(screen.getByRole('button', { name: 'Mark Point' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Click the map to mark a point, Escape to cancel.')).toBeInTheDocument();
  });
});

describe("The measure palette's result (issue #44)", () => {
  it('keeps showing the finished area, beside a swatch of the colour it is drawn in', () => {
    const { store } = renderWithStore(<MeasurePalette />);
    act(() => {
      store.dispatch(measureModeChosen({ mode: 'area' }));
      store.dispatch(measurementUpdated({ measurement: measurePolygon([[-80.861, 35.621], [-80.859, 35.621], [-80.859, 35.619]]) }));
      store.dispatch(measureDrawingStopped());
    });
    expect(screen.getByText(/^Area: [\d,]+ sq ft \([\d.]+ acres\) · Perimeter: [\d.]+ mi$/)).toBeVisible();
    expect(screen.getByTestId('measure-swatch')).toHaveStyle({ background: MEASURE_COLOR });
  });

  it('reads out in the units chosen in Settings', () => {
    const { store } = renderWithStore(<MeasurePalette />);
    act(() => {
      store.dispatch(measureUnitsChosen('metric'));
      store.dispatch(measureModeChosen({ mode: 'distance' }));
      store.dispatch(measurementUpdated({ measurement: measureLine([[-80.86, 35.62], [-80.859, 35.62]]) }));
    });
    expect(screen.getByText(/^Distance: \d+ m$/)).toBeVisible();
    localStorage.removeItem('measure_units');
  });
});
