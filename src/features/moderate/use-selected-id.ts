import { useCallback, useEffect, useState } from 'react';
import { parseModerateHash } from '../../domain/moderation.ts';

/**
 * The selected signature, kept in the address as `#id=<n>`: a report's link (the webhook's
 * `/moderate#id=…`) opens on it, and a reload keeps it. Replaced, not pushed: selecting rows
 * leaves no trail of history entries.
 */
export function useSelectedId(): [number | null, (id: number | null) => void] {
  const [selected, setSelected] = useState(() => parseModerateHash(window.location.hash));
  useEffect(() => {
    const follow = () => setSelected(parseModerateHash(window.location.hash));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const select = useCallback((id: number | null) => {
    setSelected(id);
    const { pathname, search } = window.location;
    window.history.replaceState(
      window.history.state,
      '',
      `${pathname}${search}${id === null ? '' : `#id=${id}`}`,
    );
  }, []);
  return [selected, select];
}
