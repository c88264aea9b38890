// The query panel's conditions as typed (issue #42) and the filters they make: a row is left out of
// the query until its value is complete, so the count follows what is filled in.
import type { QueryField, QueryFilter, QueryOperator } from '@parcel-map/shared';

/** One condition as the panel holds it: texts as typed; `to` is the second value of `between`. */
export interface ConditionRow {
  id: number;
  field: string;
  op: QueryOperator;
  value: string;
  to: string;
}

export const IN_SEPARATOR = ';';

const OPERATOR_LABELS: Record<QueryOperator, string> = {
  '=': 'is',
  '!=': 'is not',
  '<': 'less than',
  '<=': 'at most',
  '>': 'more than',
  '>=': 'at least',
  between: 'between',
  in: 'is one of',
  contains: 'contains',
};
const DATE_OPERATOR_LABELS: Partial<Record<QueryOperator, string>> = { '<': 'before', '<=': 'on or before', '>': 'after', '>=': 'on or after' };

export function operatorLabel(field: QueryField | undefined, op: QueryOperator): string {
  return (field?.type === 'date' ? DATE_OPERATOR_LABELS[op] : undefined) ?? OPERATOR_LABELS[op];
}

/** A new row on a field, with that field's first operator. */
export function conditionOn(field: QueryField, id: number): ConditionRow {
  return { id, field: field.field, op: field.ops[0] ?? '=', value: '', to: '' };
}

/** One typed value as the field's type reads it; null when it is not one (a number field's 'abc'). */
function valueOf(field: QueryField, text: string): string | number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (field.type !== 'number') return trimmed;
  const number = Number(trimmed.replaceAll(',', ''));
  return Number.isFinite(number) ? number : null;
}

/** The filter a row makes, or null while it is incomplete or names a field the data set lacks. */
export function filterOf(row: ConditionRow, fields: readonly QueryField[]): QueryFilter | null {
  const field = fields.find((candidate) => candidate.field === row.field);
  if (!field) return null;
  if (row.op === 'between') {
    const [from, to] = [valueOf(field, row.value), valueOf(field, row.to)];
    return from === null || to === null ? null : { field: row.field, op: row.op, value: [from, to] };
  }
  if (row.op === 'in') {
    // ';' between values: a comma may be inside one (an owner's 'SMITH, JOHN', a price's '1,000').
    const values = row.value.split(IN_SEPARATOR).map((text) => valueOf(field, text));
    return values.length === 0 || values.includes(null) ? null : { field: row.field, op: row.op, value: values as (string | number)[] };
  }
  const value = valueOf(field, row.value);
  return value === null ? null : { field: row.field, op: row.op, value };
}

/** The rows a saved query's filters show again. */
export function rowsOf(filters: readonly QueryFilter[], firstId: number): ConditionRow[] {
  return filters.map((filter, index) => {
    const values = Array.isArray(filter.value) ? filter.value.map(String) : [String(filter.value)];
    const [value = '', to = ''] = filter.op === 'between' ? values : [values.join(`${IN_SEPARATOR} `)];
    return { id: firstId + index, field: filter.field, op: filter.op, value, to };
  });
}
