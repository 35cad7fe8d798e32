import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { WallExport } from '../features/export/wall-export.tsx';

/** /export: renders the whole wall to one PNG, downloads it, then returns to the wall. */
export default function ExportRoute() {
  const [, navigate] = useLocation();
  // replace: the back button should not lead into another export.
  const goHome = useCallback(() => navigate('/', { replace: true }), [navigate]);
  return <WallExport onFinished={goHome} />;
}
