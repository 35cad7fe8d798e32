import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { WallExport } from '../features/export/wall-export.tsx';

/** /export: renders the whole wall to one PNG, downloads it, then returns to the wall. */
export default function ExportRoute() {
  const navigate = useNavigate();
  // replace: the back button should not lead into another export.
  const goHome = useCallback(() => void navigate('/', { replace: true }), [navigate]);
  return <WallExport onFinished={goHome} />;
}
