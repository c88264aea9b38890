// Settings, from the main menu: the units measurements are read out in, and the keyboard shortcuts.
// SPEC leaves Settings' behaviour unshown (it only logs); a user who opens it expects something there.
import { MEASURE_UNITS, MEASURE_UNITS_LABELS, measureUnitsChosen, selectMeasureUnits, useAppDispatch, useAppSelector } from '@parcel-map/shared';
import { MapDialog } from '../mapScreen/MapDialog.tsx';
import { ShortcutList } from '../shortcuts/ShortcutsHelp.tsx';
import './settingsDialog.css';

export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const units = useAppSelector(selectMeasureUnits);
  return (
    <MapDialog title="Settings" onClose={onClose}>
      <fieldset className="settings-dialog__units">
        <legend>Measurement units</legend>
        {MEASURE_UNITS.map((choice) => (
          <label key={choice}>
            <input type="radio" name="measure-units" value={choice} checked={units === choice} onChange={() => dispatch(measureUnitsChosen(choice))} />
            {MEASURE_UNITS_LABELS[choice]}
          </label>
        ))}
      </fieldset>
      <h3>Keyboard shortcuts</h3>
      <ShortcutList />
    </MapDialog>
  );
}
