/** Adds milliseconds to an API timestamp (ISO-8601 UTC with milliseconds); both adapters' due times and leases. */
export const plusMs = (isoTime: string, ms: number) => new Date(Date.parse(isoTime) + ms).toISOString();
