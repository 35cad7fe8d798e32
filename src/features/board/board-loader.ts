/**
 * The board's code, run in steps: its two largest libraries (Konva's core, React's reconciler)
 * each evaluate in a task of their own before the board's own chunk, with the page free in between,
 * instead of all three in one task (about 235 ms on a phone's CPU, while the welcome card is up and
 * may be tapped).
 */
import type * as BoardModule from './board-screen.tsx';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function loadBoardInSteps(): Promise<typeof BoardModule> {
  return import('konva/lib/Core')
    .then(nextTask)
    .then(() => import('react-reconciler'))
    .then(nextTask)
    .then(() => import('./board-screen.tsx'));
}
