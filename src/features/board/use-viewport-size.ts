import { useEffect, useState } from 'react';
import type { Size } from '../../domain/camera.ts';

function currentSize(): Size {
  return { width: window.innerWidth, height: window.innerHeight };
}

/**
 * The window's size, as React state: it changes only on resize and orientation change (rare),
 * and the Stage's own size must follow it.
 */
export function useViewportSize(): Size {
  const [size, setSize] = useState(currentSize);
  useEffect(() => {
    const update = () =>
      setSize((old) => {
        const next = currentSize();
        return old.width === next.width && old.height === next.height ? old : next;
      });
    window.addEventListener('resize', update);
    // Some mobile browsers report the new size only after the orientation change settles.
    window.addEventListener('orientationchange', update);
    window.visualViewport?.addEventListener('resize', update);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('orientationchange', update);
      window.visualViewport?.removeEventListener('resize', update);
    };
  }, []);
  return size;
}
