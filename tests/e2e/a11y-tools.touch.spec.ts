/**
 * axe (axe-core) finds no violation of any impact on the board's new pieces, on a phone (390×844,
 * touch), with a finger (support/a11y-tools.ts says which).
 */
import { axeOnTheTools } from './support/a11y-tools.ts';

axeOnTheTools('tap');
