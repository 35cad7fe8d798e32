/**
 * The whole wall as the owner's board draws it (/moderate): every signature, hidden ones too, with
 * its hidden flag, read by id page after page as every other whole-wall read is (src/data/pager.ts
 * says why by id and with a count), through the moderator's client.
 */
import { signaturesFromRows, type Signature, type SignatureRow } from '../domain/signature.ts';
import { check, type ModeratorClient } from './moderation.ts';
import { PAGE_SIZE, TABLE, warnSkipped } from './table.ts';

/** The board's columns: the app's signature columns, and `hidden`, which only the owner reads. */
const WALL_COLUMNS = 'id,signature,caption,created_at,hidden';

interface WallRow extends SignatureRow {
  readonly hidden: boolean;
}

/** Every signature on the owner's board, and which of them visitors do not see. */
export interface ModeratedWall {
  readonly signatures: readonly Signature[];
  readonly hiddenIds: ReadonlySet<number>;
}

export async function fetchModeratedWall(
  client: ModeratorClient,
  pageSize: number = PAGE_SIZE,
): Promise<ModeratedWall> {
  const rows: WallRow[] = [];
  for (let after = 0; ;) {
    const page = await client
      .from(TABLE)
      .select(WALL_COLUMNS, { count: 'exact' })
      .gt('id', after)
      .order('id', { ascending: true })
      .limit(pageSize);
    const found = check<WallRow[]>('Reading the wall failed', page);
    rows.push(...found);
    // The count is of the rows left from this page on: a page cut short by a server cap goes on.
    if (found.length === 0 || page.count === null || found.length >= page.count) break;
    after = found[found.length - 1]!.id;
  }
  return {
    signatures: signaturesFromRows(rows, warnSkipped),
    hiddenIds: new Set(rows.filter((row) => row.hidden).map((row) => row.id)),
  };
}
