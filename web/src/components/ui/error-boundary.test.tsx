import { lazy, Suspense, use, type ReactNode } from 'react';
import { act, render, screen, type RenderResult } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderSettled } from '@/testing/render-settled.tsx';
import { ErrorBoundary } from './error-boundary.tsx';

const FailedChunk = lazy(() =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
);

const failedContent = Promise.reject(new Error('HTTP 500 for /assets/article.md'));
failedContent.catch(() => undefined);
function FailedContent() {
  use(failedContent);
  return null;
}

describe('ErrorBoundary', () => {
  it.each([
    ['a lazy screen whose code failed to download', <FailedChunk key="chunk" />],
    ['a screen whose content failed to load', <FailedContent key="content" />],
  ])('shows a translated "reload" screen for %s', async (_name, failing) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderSettled(<ErrorBoundary>{failing}</ErrorBoundary>);
    expect(await screen.findByRole('heading', { name: 'Něco se pokazilo' })).toBeInTheDocument();
    expect(screen.getByText(/nepodařilo načíst/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Načíst znovu' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(
      'A screen failed to render:',
      expect.any(Error),
      expect.any(String),
    );
  });

  it('shows what it wraps when nothing fails', async () => {
    await renderSettled(
      <ErrorBoundary>
        <p>{'Obsah'}</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Obsah')).toBeInTheDocument();
  });

  it('clears the failure when the screen it wraps changes (resetKey), and only then', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const screenAt = (path: string, content: ReactNode) => (
      <Suspense fallback={null}>
        <ErrorBoundary resetKey={path}>{content}</ErrorBoundary>
      </Suspense>
    );
    let rendered: RenderResult | undefined;
    await act(async () => {
      rendered = render(screenAt('/library/broken', <FailedContent />));
    });
    const rerender = (rendered as RenderResult).rerender;
    expect(await screen.findByRole('heading', { name: 'Něco se pokazilo' })).toBeInTheDocument();
    rerender(screenAt('/library/broken', <p>{'Obsah'}</p>));
    expect(screen.getByRole('heading', { name: 'Něco se pokazilo' })).toBeInTheDocument();
    rerender(screenAt('/goals', <p>{'Obsah'}</p>));
    expect(screen.getByText('Obsah')).toBeInTheDocument();
  });
});
