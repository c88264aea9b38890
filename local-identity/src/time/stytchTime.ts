// Stytch timestamps are RFC 3339 in UTC with whole seconds (`2024-05-01T10:00:00Z`).
export function toStytchTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}

export type Clock = () => Date;
