/**
 * How to use the wall, read by screen readers as the wall's description (aria-describedby, set
 * by the stage, stage/wall-stage.tsx). One board at a time, so one fixed id.
 */
export const WALL_HELP_ID = 'wall-help';

export function WallHelp() {
  return (
    <p id={WALL_HELP_ID} className="visually-hidden">
      Drag or use the arrow keys to move around the wall, and + or − to zoom. Press Sign to draw
      your signature.
    </p>
  );
}
