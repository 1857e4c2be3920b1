// Whether this render comes after hydration: false while React takes over server-rendered HTML (it reads the
// server's answer then), true in every other render, including a page the browser rendered by itself.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
