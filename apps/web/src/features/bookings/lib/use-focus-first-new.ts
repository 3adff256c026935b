import { useEffect, useRef } from 'react';

/**
 * After "Show more", focus moves to the first item it added (the element marked
 * data-more-focus), so keyboard and screen-reader users read on from there and focus is not
 * lost when the button goes away with the last page.
 */
export function useFocusFirstNew<T extends HTMLElement>(count: number) {
  const container = useRef<T>(null);
  const firstNew = useRef<number | null>(null);

  useEffect(() => {
    const index = firstNew.current;
    if (index === null || count <= index) return;
    firstNew.current = null;
    container.current?.querySelectorAll<HTMLElement>('[data-more-focus]')[index]?.focus();
  }, [count]);

  return {
    container,
    /** Call before loading more: the item now at `count` gets focus once it is there. */
    expectMore: () => {
      firstNew.current = count;
    },
  };
}
