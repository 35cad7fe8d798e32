/**
 * Every column of `signatures`, in table order. A visitor reads them all (the spec's `select=*`):
 * nothing secret lives in the table. Removal hashes are kept in signwall.removal_hashes; the
 * `removal_hash` column is only an insert's way in, and always reads null.
 */
export const TABLE_COLUMNS = [
  'id',
  'signature',
  'caption',
  'created_at',
  'outline',
  'hidden',
  'min_x',
  'max_x',
  'min_y',
  'max_y',
  'removal_hash',
] as const;
