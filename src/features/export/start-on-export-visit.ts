/**
 * On a visit to /export, starts the export's workers (and so the wall's reads) as the app's first
 * module is evaluated: main.tsx imports this before anything else, so the workers start before
 * React and the app's own modules are evaluated, not after. The router starts them as well, for a
 * visit that arrives at /export inside the app; the start is idempotent.
 */
import { dataApiConfig } from '../../data/client.ts';
import { prestartExportWorkers } from './export-workers-start.ts';

// The path as the router and the server match it: case-insensitive, a trailing slash ignored.
if (dataApiConfig.ok && /^\/export\/?$/i.test(window.location.pathname)) prestartExportWorkers();
