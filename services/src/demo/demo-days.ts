/** The demo's calendar arithmetic: business days as whole day numbers since 1970-01-01 (UTC). */

const DAY_MS = 86_400_000;

export const dayOf = (iso: string): number => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
export const isoOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
export const yearOf = (day: number): number => new Date(day * DAY_MS).getUTCFullYear();
