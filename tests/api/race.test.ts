/**
 * Two visitors saving on the same spot at the same moment cannot both win: 20 concurrent saves on
 * one spot give exactly one 201 and nineteen 409s, and one row. On PostgreSQL the 20 are also shared
 * between two server instances (two connection pools) on the same database.
 */
import { describe, expect, it } from 'vitest';
import { backends, clientFrom, useServersOnOneDatabase, type TestServer } from './harness.ts';
import { postRaw, tableRows, type ErrorBody } from './rules-helpers.ts';

const RACERS = 20;
const ROUNDS = 3;

/** Racer i's signature on spot (x, y): all different, all crossing (x, y). */
function racer(i: number, x: number, y: number): string {
  return JSON.stringify({
    signature: JSON.stringify([
      [
        [x - 30 + i, y - 20],
        [x + 30 - i, y + 20],
      ],
    ]),
    caption: `racer ${i}`,
  });
}

async function race(servers: TestServer[], spot: { x: number; y: number }) {
  // Each racer a visitor of its own, from its own address: one address may have only a couple of
  // saves in flight.
  const racers = Array.from({ length: RACERS }, (_, i) => {
    const server = servers[i % servers.length]!;
    return { server, from: clientFrom(server, `127.0.1.${i + 1}`) };
  });
  const answers = await Promise.all(
    racers.map(({ server, from }, i) =>
      postRaw({ ...server, fetch: from.fetch }, racer(i, spot.x, spot.y)),
    ),
  );
  for (const { from } of racers) from.close();
  const statuses = answers.map((a) => a.status).sort();
  const winner = answers.find((a) => a.status === 201)!;
  const id = (winner?.body as Array<{ id: number }> | undefined)?.[0]?.id;
  for (const loser of answers.filter((a) => a.status !== 201)) {
    expect((loser.body as ErrorBody).message).toBe(`signature overlaps signature #${id}`);
  }
  return statuses;
}

const expected = [201, ...Array<number>(RACERS - 1).fill(409)];

describe.each(backends)('racing for one spot on $name', (backend) => {
  // PGlite has a single opener; a second instance only makes sense on PostgreSQL.
  const servers = useServersOnOneDatabase(backend);

  // PGlite runs one transaction at a time, so there the race is serialised before the database sees
  // it and this cannot fail for want of the lock; the name says so. PostgreSQL is where it counts.
  const serialised = backend.name === 'pglite' ? ' (serialised by PGlite: cannot race)' : '';
  it(`${RACERS} concurrent saves through one server: one 201, the rest 409${serialised}`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const before = (await tableRows(servers[0]!)).length;
      expect(await race(servers.slice(0, 1), { x: 300 + round * 400, y: 300 })).toEqual(expected);
      expect((await tableRows(servers[0]!)).length).toBe(before + 1);
    }
    console.log(`${backend.name}, one server: ${ROUNDS} rounds of ${RACERS}, one winner each`);
  });

  if (backend.name === 'postgres')
    it(`${RACERS} concurrent saves shared by two servers: one 201, the rest 409`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const before = (await tableRows(servers[0]!)).length;
        expect(await race(servers, { x: 300 + round * 400, y: 1500 })).toEqual(expected);
        expect((await tableRows(servers[1]!)).length).toBe(before + 1);
      }
      console.log(`${backend.name}, two servers: ${ROUNDS} rounds of ${RACERS}, one winner each`);
    });
});
