/**
 * The whole wall as the owner's board draws it (/moderate): every signature, hidden ones too, with
 * its hidden flag, through the moderator's client and the one pager every paged read goes
 * through (src/data/pager.ts says why by id and with a count).
 */
import { signaturesFromRows, type Signature, type SignatureRow } from '../domain/signature.ts';
import { KeyRefusedError, type ModeratorClient } from './moderation.ts';
import { ALL_IDS, pagesById, type KeysetRead } from './pager.ts';
import { DataApiError, PAGE_SIZE, SIGNATURE_COLUMNS, warnSkipped } from './table.ts';

interface WallRow extends SignatureRow {
  readonly hidden: boolean;
}

/** The board's rows: the app's signature columns, and `hidden`, which only the owner reads. */
const WALL_READ: KeysetRead<WallRow> = {
  columns: `${SIGNATURE_COLUMNS},hidden`,
  failure: 'Reading the wall failed',
};

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
  try {
    for await (const page of pagesById(client, WALL_READ, ALL_IDS, pageSize)) rows.push(...page);
  } catch (error) {
    // A refused key is the page's to say (it asks for another); anything else is a failure.
    if (error instanceof DataApiError && (error.status === 401 || error.status === 403)) {
      throw new KeyRefusedError(
        `Reading the wall failed: the moderator key was refused (${error.status}).`,
      );
    }
    throw error;
  }
  return {
    signatures: signaturesFromRows(rows, warnSkipped),
    hiddenIds: new Set(rows.filter((row) => row.hidden).map((row) => row.id)),
  };
}
