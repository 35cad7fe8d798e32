/**
 * The whole wall read as the app reads it: its own columns, a page of PAGE rows at a time by id
 * (hosted Supabase's row cap), uncompressed. Shared by bench/heavy-wall.ts and its readers' thread
 * (bench/heavy-readers.ts).
 */
import { ANON_KEY } from './server.ts';

/** The app's own columns (src/data/table.ts). */
export const APP_COLUMNS = 'id,signature,caption,created_at';
export const PAGE = 1000;

/** Reads every row as `address`; `onPage` sees each answer's text. Answers how many rows. */
export async function readWall(
  url: string,
  address: string,
  onPage: (text: string) => void = () => undefined,
): Promise<number> {
  let rows = 0;
  for (let after = 0; ;) {
    const res = await fetch(
      `${url}/rest/v1/signatures?select=${APP_COLUMNS}&id=gt.${after}&order=id.asc&limit=${PAGE}`,
      {
        headers: {
          apikey: ANON_KEY,
          Authorization: `Bearer ${ANON_KEY}`,
          'X-Forwarded-For': address,
          'Accept-Encoding': 'identity',
        },
      },
    );
    const text = await res.text();
    if (res.status !== 200) throw new Error(`read refused: ${res.status} ${text.slice(0, 200)}`);
    const page = JSON.parse(text) as { id: number }[];
    rows += page.length;
    onPage(text);
    if (page.length < PAGE) return rows;
    after = page[page.length - 1]!.id;
  }
}
