import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from '@/components/ui/error-boundary.tsx';
import { AppRoutes } from './router.tsx';

export function App() {
  return (
    <ErrorBoundary>
      <BrowserRouter>
        <Suspense fallback={null}>
          <AppRoutes />
        </Suspense>
      </BrowserRouter>
    </ErrorBoundary>
  );
}
