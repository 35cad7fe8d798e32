import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { prefetchWall } from '../data/wall-query.ts';
import type { Locale } from '../domain/locales.ts';
import { i18n, loadPart, type CatalogPart } from '../ui/i18n/catalog.ts';
import { prestartExportWorkers } from '../features/export/export-workers-start.ts';
import { EmbedRoute } from './embed-route.tsx';
import { WallRoute } from './wall-route.tsx';

/**
 * A route's code, and its words in the page's language, fetched side by side. (No language picker
 * on these routes: the language cannot change under them.)
 */
function withWords<T>(route: Promise<T>, ...parts: CatalogPart[]): Promise<T> {
  const locale = i18n.locale as Locale;
  return Promise.all([route, ...parts.map((part) => loadPart(locale, part))]).then(([m]) => m);
}

// The export code (a 3200×3200 renderer) loads only when someone visits /export.
const ExportRoute = lazy(() => withWords(import('./export-route.tsx'), 'app'));
// The owner's page (with the full supabase-js client) loads only for /moderate.
const ModerateRoute = lazy(() => withWords(import('./moderate-route.tsx'), 'app', 'moderate'));

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

/**
 * The routes, matched as the server matches them (server/http/static.ts): case-insensitive, a
 * trailing slash ignored. wouter, not a larger router: the first screen's scripts have a budget.
 */
export function AppRouter() {
  return (
    <Switch>
      <Route path="/export">
        <ExportPage />
      </Route>
      <Route path="/moderate">
        <Suspense fallback={null}>
          <ModerateRoute />
        </Suspense>
      </Route>
      <Route path="/embed">
        {/* The board alone, for a frame in another site's page (embed.js); no welcome card. */}
        <EmbedRoute />
      </Route>
      <Route>
        <WallRoute />
      </Route>
    </Switch>
  );
}
