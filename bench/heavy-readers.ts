/**
 * bench/heavy-wall.ts's readers, in a thread of their own: `readers` visitors reading the whole
 * wall over and over for `seconds`, whose parsing must not hold up the timing of the other address
 * (in life, another machine). Posts how many whole loads they made.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readWall } from './whole-wall-read.ts';

const { url, readers, seconds } = workerData as { url: string; readers: number; seconds: number };
const until = performance.now() + seconds * 1000;
const loads = await Promise.all(
  Array.from({ length: readers }, async (_, i) => {
    let count = 0;
    while (performance.now() < until) {
      await readWall(url, `198.51.100.${i + 1}`);
      count++;
    }
    return count;
  }),
);
parentPort!.postMessage(loads.reduce((a, b) => a + b, 0));
