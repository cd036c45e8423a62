/**
 * The page-speed baseline (bench/lighthouse.ts): the smallest real React 19 app, rendered on the
 * client like Parťák. Kept deliberately bare; do not add to it.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Hello() {
  return (
    <main>
      <h1>Hello, world</h1>
      <p>A plain React 19 page, built by Vite, to measure page speed against.</p>
    </main>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Hello />
  </StrictMode>,
);
