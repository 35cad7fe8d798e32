import { useLayoutEffect, useState, type RefObject } from 'react';
import type { Size } from '../../domain/camera.ts';

const NO_SIZE: Size = { width: 0, height: 0 };

/**
 * An element's size (its content box, whole pixels), as React state: a board that sits in a page
 * (the owner's, /moderate) rather than filling the window looks through this box.
 */
export function useElementSize(ref: RefObject<HTMLElement | null>): Size {
  const [size, setSize] = useState(NO_SIZE);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const update = () =>
      setSize((old) => {
        const width = Math.floor(element.clientWidth);
        const height = Math.floor(element.clientHeight);
        return old.width === width && old.height === height ? old : { width, height };
      });
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
