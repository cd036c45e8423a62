import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from '@/components/ui/error-boundary.tsx';
import { AppRoutes } from './router.tsx';

/** The app below its router: the browser gives it `BrowserRouter`, the prerender a static one. */
export function AppFrame() {
  return (
    <ErrorBoundary>
      <Suspense fallback={null}>
        <AppRoutes />
      </Suspense>
    </ErrorBoundary>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppFrame />
    </BrowserRouter>
  );
}
