/** /moderate: the owner's page, its own chunk (supabase-js and the moderation code load only here). */
import { ModerateScreen } from '../features/moderate/moderate-screen.tsx';

export default function ModerateRoute() {
  return <ModerateScreen />;
}
