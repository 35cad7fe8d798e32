import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { prefetchWall } from '../data/wall-query.ts';
import { prestartExportWorkers } from '../features/export/export-workers-start.ts';
import { WallRoute } from './wall-route.tsx';

// The export code (a 3200×3200 renderer) loads only when someone visits /export.
const ExportRoute = lazy(() => import('./export-route.tsx'));
// The owner's page (with the full supabase-js client) loads only for /moderate.
const ModerateRoute = lazy(() => import('./moderate-route.tsx'));

/**
 * /export: the wall's data starts loading beside the export's code, not after it arrived: in the
 * export's worker, which reads it, or on the page where no worker can (the wall's query).
 */
function ExportPage() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!prestartExportWorkers()) prefetchWall(queryClient, null);
  }, [queryClient]);
  return (
    <Suspense fallback={null}>
      <ExportRoute />
    </Suspense>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/export" element={<ExportPage />} />
        <Route
          path="/moderate"
          element={
            <Suspense fallback={null}>
              <ModerateRoute />
            </Suspense>
          }
        />
        <Route path="*" element={<WallRoute />} />
      </Routes>
    </BrowserRouter>
  );
}
