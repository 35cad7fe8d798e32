/**
 * How to use the wall, read by screen readers as the wall's description (aria-describedby, set
 * by the stage, stage/wall-stage.tsx). One board at a time, so one fixed id.
 */
export const WALL_HELP_ID = 'wall-help';

export function WallHelp() {
  return (
    <p id={WALL_HELP_ID} className="visually-hidden">
      Drag or use the arrow keys to move around the wall, and + or − to zoom. Tap a signature, or
      press Enter with one in the middle of the screen, to open its card. Press Sign to draw your
      signature.
    </p>
  );
}
