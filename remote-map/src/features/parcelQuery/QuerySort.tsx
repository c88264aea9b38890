// The order the query panel lists (and downloads) its matches in: a field and a direction; PIN order
// when none is chosen, as the API sorts by default.
import type { QueryField } from '@parcel-map/shared';
import { ABSENTEE_FIELD, type SavedQueryConditions } from '@parcel-map/shared/api';

export type QueryOrder = Pick<SavedQueryConditions, 'sort' | 'dir'>;

export function QuerySort({ fields, order, onChange }: { fields: readonly QueryField[]; order: QueryOrder; onChange(order: QueryOrder): void }) {
  return (
    <fieldset className="query-panel__condition">
      <legend>Order</legend>
      <select aria-label="Sort by" value={order.sort ?? ''} onChange={(event) => onChange({ ...order, sort: event.target.value === '' ? undefined : event.target.value })}>
        <option value="">PIN</option>
        {/* Absentee is a yes-or-no of two kinds, not an order (the API refuses it). */}
        {fields.filter((field) => field.field !== ABSENTEE_FIELD).map((field) => (
          <option key={field.field} value={field.field}>
            {field.label}
          </option>
        ))}
      </select>
      <select aria-label="Sort direction" value={order.dir ?? 'asc'} onChange={(event) => onChange({ ...order, dir: event.target.value === 'desc' ? 'desc' : 'asc' })}>
        <option value="asc">ascending</option>
        <option value="desc">descending</option>
      </select>
    </fieldset>
  );
}
