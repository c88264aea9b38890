// How the Data page writes counts and dates, the same in every report and list.
export const number = new Intl.NumberFormat('en-US');
export const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
