/** Values per `in (...)` list: well inside SQLite's and PostgreSQL's bound-parameter limits. */
export const IN_LIST_MAX = 500;

/** `values` in lists of at most `size`, for queries whose `in (...)` list could grow without bound. */
export function inChunks<T>(values: readonly T[], size: number = IN_LIST_MAX): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < values.length; i += size) chunks.push(values.slice(i, i + size));
  return chunks;
}
