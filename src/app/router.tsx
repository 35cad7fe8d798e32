import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { WallRoute } from './wall-route.tsx';

// The export code (a 3200×3200 renderer) loads only when someone visits /export.
const ExportRoute = lazy(() => import('./export-route.tsx'));

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path="/export"
          element={
            <Suspense fallback={null}>
              <ExportRoute />
            </Suspense>
          }
        />
        <Route path="*" element={<WallRoute />} />
      </Routes>
    </BrowserRouter>
  );
}
