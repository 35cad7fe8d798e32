/**
 * Every column of `signatures` a visitor may read: all but `removal_hash` (issue 21), so what
 * `select=*` meant before. Since then anon holds a select grant per column, and `select=*` by anon
 * is refused as Postgres and hosted Supabase refuse it (401 42501): a read names its columns.
 */
export const READABLE_COLUMNS =
  'id,signature,caption,created_at,outline,hidden,min_x,max_x,min_y,max_y';
