// Imported first on purpose: the first page's code starts loading before React DOM is evaluated.
import { firstPageLoaded } from './app/first-page.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './styles.css';

// The first page renders once its code is there, so that it paints once, complete; the render runs as a
// transition, in slices that leave the main thread free in between.
void firstPageLoaded.then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
