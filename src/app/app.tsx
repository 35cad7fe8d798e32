import { dataApiConfig } from '../data/client.ts';
import { ConfigProblem } from './config-problem.tsx';
import { Providers } from './providers.tsx';
import { AppRouter } from './router.tsx';

/** The composition root: a readable message for a bad build, else the routed app. */
export function App() {
  if (!dataApiConfig.ok) return <ConfigProblem problem={dataApiConfig.problem} />;
  return (
    <Providers>
      <AppRouter />
    </Providers>
  );
}
