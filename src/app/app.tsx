import { useEffect } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { dataApiConfig } from '../data/client.ts';
import { AppError, forgetChunkReload } from './app-error.tsx';
import { ConfigProblem } from './config-problem.tsx';
import { Providers } from './providers.tsx';
import { WordsProvider } from '../ui/i18n/words-provider.tsx';
import { AppRouter } from './router.tsx';

/**
 * The composition root: a readable message for a bad build or a crash, else the routed app; all in
 * the visitor's language.
 */
export function App() {
  // A page that stayed up a while loaded its chunks: a later redeploy may reload once again.
  useEffect(() => {
    const timer = setTimeout(forgetChunkReload, 10_000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <WordsProvider>
      {dataApiConfig.ok ? (
        <ErrorBoundary FallbackComponent={AppError}>
          <Providers>
            <AppRouter />
          </Providers>
        </ErrorBoundary>
      ) : (
        <ConfigProblem problem={dataApiConfig.problem} />
      )}
    </WordsProvider>
  );
}
