/**
 * The privacy registry's shape (issue 27 s.1, docs/decisions/261): each module declares, next to its
 * tables (modules/<m>/privacy.ts), every table and column that holds personal data, what it is, why
 * it is kept, where the export puts it and how an erasure treats it. modules/admin joins them into
 * PRIVACY_RULES; a test compares them with the live schema, and the privacy page lists them.
 */
export type ErasureRule =
  /** The rows go. */
  | 'delete'
  /** The rows stay, their personal columns are blanked or replaced (others' records depend on them). */
  | 'anonymise'
  /** The rows stay, pointing at the anonymised account: no identity left on them. */
  | 'keep-without-identity';

export interface PrivacyTable {
  table: string;
  /** Personal columns (a user reference counts) and what each holds. */
  columns: Record<string, string>;
  /** What the table holds, in a few words people read on the privacy page. */
  what: string;
  /** The lawful purpose, in a few words. */
  purpose: string;
  /** Where the data export puts it (area/file), or 'not exported' with the reason. */
  export: string;
  erasure: ErasureRule;
  /** How the erasure treats it, when more than the rule says. */
  erasureNote?: string;
}

export type PrivacyRegistry = readonly PrivacyTable[];
