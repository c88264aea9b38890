// A markup's colour as a group of named swatches (radio buttons: arrow keys move between them).
import { useId } from 'react';
import { MARKUP_COLORS } from './markupColors.ts';

export function MarkupColorPicker({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  const name = useId();
  return (
    <fieldset className="markup-colors">
      <legend>Colour</legend>
      {MARKUP_COLORS.map((color) => (
        <label key={color.value} className="markup-colors__swatch" title={color.name}>
          <input type="radio" name={name} value={color.value} checked={value === color.value} onChange={() => onChange(color.value)} aria-label={color.name} />
          <span aria-hidden="true" style={{ background: color.value }} />
        </label>
      ))}
    </fieldset>
  );
}
