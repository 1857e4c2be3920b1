// The console's tab list scrolls sideways inside its own box on a phone; this keeps the open tab in view
// (opened from ?tab= or moved to with the arrow keys), however many tabs there are.
import { useEffect, useRef } from 'react';

export function useActiveTabInView<T extends HTMLElement>(current: string) {
  const listRef = useRef<T>(null);
  useEffect(() => {
    const active = listRef.current?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    const list = listRef.current;
    if (!active || !list) return;
    // Scroll the list only, never the page: scrollIntoView would also move the window vertically.
    const left =
      active.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
    if (left < list.scrollLeft || left + active.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollTo({ left: Math.max(0, left - 16) });
    }
  }, [current]);
  return listRef;
}
