/** Which mapping reads the file: the default, one that comes with the product, or the administrator's own file. */
interface MappingChoiceValue {
  kind: 'default' | 'bundled' | 'uploaded';
  /** The bundled mapping chosen in the list (kept while another kind is chosen). */
  bundled: string;
  file: File | null;
}

export const defaultMappingChoice = (bundledNames: readonly string[]): MappingChoiceValue => ({ kind: 'default', bundled: bundledNames[0] ?? '', file: null });

/**
 * The mapping's fieldset, the same for parcels and overlays: the default, the bundled mappings in a
 * list (when there are any), or a mapping file of one's own.
 */
export function MappingChoice({
  id,
  legend,
  defaultLabel,
  bundledLabel,
  bundledNames,
  value,
  onChange,
}: {
  /** Names the radio group apart from the form's others. */
  id: string;
  legend: string;
  defaultLabel: string;
  /** The list's accessible name: 'Bundled mapping'. */
  bundledLabel: string;
  bundledNames: readonly string[];
  value: MappingChoiceValue;
  onChange: (value: MappingChoiceValue) => void;
}) {
  const choose = (kind: MappingChoiceValue['kind']) => onChange({ ...value, kind });
  return (
    <fieldset className="data-field">
      <legend>{legend}</legend>
      <label className="data-choice">
        <input type="radio" name={id} checked={value.kind === 'default'} onChange={() => choose('default')} />
        {defaultLabel}
      </label>
      {bundledNames.length > 0 && (
        <label className="data-choice">
          <input type="radio" name={id} checked={value.kind === 'bundled'} onChange={() => choose('bundled')} />
          Bundled:{' '}
          <select aria-label={bundledLabel} value={value.bundled} onChange={(event) => onChange({ ...value, kind: 'bundled', bundled: event.target.value })}>
            {bundledNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="data-choice">
        <input type="radio" name={id} checked={value.kind === 'uploaded'} onChange={() => choose('uploaded')} />
        My own mapping file (.json)
      </label>
      {value.kind === 'uploaded' && (
        <input type="file" aria-label="Mapping file" accept=".json,application/json" onChange={(event) => onChange({ ...value, file: event.target.files?.[0] ?? null })} />
      )}
    </fieldset>
  );
}
