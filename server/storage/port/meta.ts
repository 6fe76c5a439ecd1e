/** Service-wide facts kept in the database (not per account). */
export interface MetaStore {
  get(key: string): string | null;
  /** Stores the value unless the key exists; returns the value now stored. */
  setIfAbsent(key: string, value: string): string;
  /** Stores the value, replacing any. */
  set(key: string, value: string): void;
}
