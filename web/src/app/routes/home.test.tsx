import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { storageKeys } from '@partak/domain/product';
import { renderSettled } from '@/testing/render-settled.tsx';
import { HomePage } from './home.tsx';

// The day's code as the network gives it: first unreachable (offline before the app was cached),
// then there.
const dayCode = vi.hoisted(() => ({ reachable: false }));
vi.mock('@/features/home/components/home-day.tsx', () => {
  if (!dayCode.reachable) throw new TypeError('Failed to fetch dynamically imported module');
  return { HomeDay: () => <p>{'Tvůj den'}</p> };
});

const renderHome = () =>
  renderSettled(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );

describe('home for a returning visitor', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(storageKeys.activity, '{}');
  });

  it('shows home without the day when its code cannot be fetched, and tries again next time', async () => {
    const logged = vi.spyOn(console, 'error');
    const first = await renderHome();
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Něco se pokazilo' })).not.toBeInTheDocument();
    expect(screen.queryByText('Tvůj den')).not.toBeInTheDocument();
    expect(logged).not.toHaveBeenCalled();
    first.unmount();

    dayCode.reachable = true;
    vi.resetModules();
    await renderHome();
    expect(await screen.findByText('Tvůj den')).toBeInTheDocument();
  });
});
