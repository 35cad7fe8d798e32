/**
 * Konva with only what the wall draws: the core (Stage, Layer, Group, Shape) and the Line and Rect
 * shapes. The full `konva` entry also bundles every other shape and all filters; importing Konva
 * from here instead keeps them out of a phone's first download. Each shape module registers itself
 * on the Konva namespace, which is where react-konva looks node types up.
 */
import type FullKonva from 'konva';
import Core from 'konva/lib/Core';
import 'konva/lib/shapes/Line';
import 'konva/lib/shapes/Rect';

/**
 * The same namespace object as the full build's, typed as it. Only the shapes registered above
 * exist at run time: add a shape's import here before using it anywhere.
 */
const Konva = Core as unknown as typeof FullKonva;
export default Konva;
