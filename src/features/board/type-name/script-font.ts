/**
 * Hershey's single-stroke script ("Script 1-stroke", hersheytext's `scripts`): its 95 glyphs
 * alone. The package's file holds 23 fonts (330 KB); importing the one named export lets the
 * bundler keep only this one (about 13 KB), in the lazy chunk of 'Type your name'.
 */
import { scripts } from 'hersheytext/hersheytext.min.json';
import type { HersheyFont } from '../model/hershey-text.ts';

export const SCRIPT_FONT: HersheyFont = scripts;
