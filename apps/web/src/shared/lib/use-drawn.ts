import { useEffect, useState } from 'react';
import { afterNextPaint } from './after-next-paint';

/**
 * False until the browser has drawn the page as it was when the component mounted (afterNextPaint),
 * then true. What opens on its own over a page (a first visit's notice) waits for it, so the page
 * is painted first and the opening (a modal's top layer, its focus: a style pass of the whole
 * page) is a task of its own rather than part of the page's first commit (issue 23).
 */
export function useDrawn(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    let mounted = true;
    afterNextPaint(() => {
      if (mounted) setDrawn(true);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return drawn;
}
