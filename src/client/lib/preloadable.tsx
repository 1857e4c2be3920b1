// A lazily loaded component that renders at once when its code is already there. React.lazy alone shows
// its Suspense fallback on the first render even then (and React holds the content back for a moment after
// a fallback), so the first page would paint twice and late; main.tsx preloads the first page and renders
// it in one go.
import { lazy, useState, type ComponentType } from 'react';

export type Preloadable<P extends object> = {
  Component: ComponentType<P>;
  /** Starts loading the code (once; again after a failure). */
  preload: () => Promise<ComponentType<P>>;
};

export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Component(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount the page.
    const [Rendered] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Rendered {...props} />;
  }
  return { Component, preload };
}
