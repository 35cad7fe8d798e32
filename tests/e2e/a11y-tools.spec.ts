/**
 * axe (axe-core) finds no violation of any impact on the board's new pieces, on a desktop, with a
 * mouse (support/a11y-tools.ts says which).
 */
import { axeOnTheTools } from './support/a11y-tools.ts';

axeOnTheTools('click');
