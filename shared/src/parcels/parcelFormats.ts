// How parcel fields are written wherever a screen shows them (SPEC §9 'Display formats'): USD
// without decimals, MM/DD/YYYY dates, 'N/A' for whatever is missing. The detail panel's and the saved list's.

export const MISSING_VALUE = 'N/A';

/** The text trimmed, or null when nothing is left. */
export function presentText(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });

export function priceLabel(price: number | null | undefined): string {
  return typeof price === 'number' && Number.isFinite(price) ? usd.format(price) : MISSING_VALUE;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * MM/DD/YYYY. A calendar date ('2019-05-03', also the date part of an ISO timestamp) is written as
 * is, never shifted by the viewer's time zone; anything else Date can read is taken in UTC.
 */
export function dateLabel(value: string | null | undefined): string {
  const text = presentText(value);
  if (!text) return MISSING_VALUE;
  const calendar = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(text);
  if (calendar) return `${calendar[2]}/${calendar[3]}/${calendar[1]}`;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return MISSING_VALUE;
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}
