// Imported first on purpose: the first page's code starts loading before React DOM is evaluated.
import { firstPageLoaded } from './app/first-page.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './styles.css';

// A public page arrives rendered by the server (modules/pages): the same components take it over (hydrate) once
// its code is there. Any other page renders once its code is there, so that it paints once, complete; the render
// runs as a transition, in slices that leave the main thread free in between.
void firstPageLoaded.then(() => {
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (container.firstElementChild) {
    hydrateRoot(container, app);
    return;
  }
  const root = createRoot(container);
  startTransition(() => root.render(app));
});
