// The query panel's conditions: a field, how it compares and a value each, the inputs by the field's
// type (a list of its values for one that has a few, dates as dates, numbers as numbers).
import { useEffect, useId, useRef, useState } from 'react';
import type { QueryField, QueryOperator } from '@parcel-map/shared';
import { QUERY_MAX_FILTERS } from '@parcel-map/shared/api';
import { conditionOn, IN_SEPARATOR, operatorLabel, type ConditionRow } from './queryConditions.ts';

interface ConditionRowsProps {
  fields: readonly QueryField[];
  rows: readonly ConditionRow[];
  onChange(rows: ConditionRow[]): void;
}

export function ConditionRows({ fields, rows, onChange }: ConditionRowsProps) {
  const nextId = Math.max(0, ...rows.map((row) => row.id)) + 1;
  // From the keyboard: a condition added is where typing goes next; one removed gives focus back to 'Add condition'.
  const [added, setAdded] = useState<number | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const change = (id: number, changes: Partial<ConditionRow>) => onChange(rows.map((row) => (row.id === id ? { ...row, ...changes } : row)));
  return (
    <div className="query-panel__conditions">
      {rows.length === 0 && fields.length === 0 && <p className="finder-panel__hint">The data set has no fields to query.</p>}
      <ol className="query-panel__rows">
        {rows.map((row, index) => (
          <li key={row.id}>
            <Condition
              number={index + 1}
              row={row}
              fields={fields}
              focused={row.id === added}
              onChange={(changes) => change(row.id, changes)}
              onRemove={() => {
                onChange(rows.filter((candidate) => candidate.id !== row.id));
                addButton.current?.focus();
              }}
            />
          </li>
        ))}
      </ol>
      <button
        ref={addButton}
        type="button"
        className="pm-button"
        disabled={fields.length === 0 || rows.length >= QUERY_MAX_FILTERS}
        onClick={() => {
          onChange([...rows, conditionOn(fields[0]!, nextId)]);
          setAdded(nextId);
        }}
      >
        Add condition
      </button>
    </div>
  );
}

interface ConditionProps {
  number: number;
  row: ConditionRow;
  fields: readonly QueryField[];
  /** Just added: its field takes the focus. */
  focused: boolean;
  onChange(changes: Partial<ConditionRow>): void;
  onRemove(): void;
}

function Condition({ number, row, fields, focused, onChange, onRemove }: ConditionProps) {
  const fieldSelect = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (focused) fieldSelect.current?.focus();
  }, [focused]);
  const field = fields.find((candidate) => candidate.field === row.field);
  const valuesId = useId();
  const inputType = field?.type === 'number' ? 'number' : field?.type === 'date' ? 'date' : 'text';
  // A list of several values, or a part of one, is typed; one of an enum's values is picked.
  const picked = field?.values !== undefined && (row.op === '=' || row.op === '!=');
  return (
    <fieldset className="query-panel__condition">
      <legend>Condition {number}</legend>
      <select
        ref={fieldSelect}
        aria-label={`Field of condition ${number}`}
        value={row.field}
        onChange={(event) => {
          const next = fields.find((candidate) => candidate.field === event.target.value)!;
          onChange({ field: next.field, op: next.ops.includes(row.op) ? row.op : (next.ops[0] ?? '='), value: '', to: '' });
        }}
      >
        {fields.map((candidate) => (
          <option key={candidate.field} value={candidate.field}>
            {candidate.label}
          </option>
        ))}
      </select>
      <select aria-label={`Comparison of condition ${number}`} value={row.op} onChange={(event) => onChange({ op: event.target.value as QueryOperator })}>
        {(field?.ops ?? []).map((op) => (
          <option key={op} value={op}>
            {operatorLabel(field, op)}
          </option>
        ))}
      </select>
      {picked ? (
        <select aria-label={`Value of condition ${number}`} value={row.value} onChange={(event) => onChange({ value: event.target.value })}>
          <option value="">Choose…</option>
          {field.values!.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      ) : (
        <input
          aria-label={row.op === 'between' ? `From, condition ${number}` : `Value of condition ${number}`}
          type={row.op === 'in' ? 'text' : inputType}
          step={inputType === 'number' ? 'any' : undefined}
          placeholder={row.op === 'in' ? `one${IN_SEPARATOR} another` : undefined}
          list={field?.values && row.op !== 'in' ? valuesId : undefined}
          value={row.value}
          onChange={(event) => onChange({ value: event.target.value })}
        />
      )}
      {row.op === 'between' && (
        <input
          aria-label={`To, condition ${number}`}
          type={inputType}
          step={inputType === 'number' ? 'any' : undefined}
          value={row.to}
          onChange={(event) => onChange({ to: event.target.value })}
        />
      )}
      {field?.values && (
        <datalist id={valuesId}>
          {field.values.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      )}
      <button type="button" className="query-panel__remove" aria-label={`Remove condition ${number}`} onClick={onRemove}>
        ×
      </button>
    </fieldset>
  );
}
