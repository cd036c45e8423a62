import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storageKeys } from '@partak/domain/product';
import { renderSettled } from '@/testing/render-settled.tsx';
import { ActivityOverview } from './activity-overview.tsx';

/** Topic and article names come from content files, loaded on first use. */
const LOADED = { timeout: 5000 };
const NOW = new Date('2026-03-11T12:00:00+01:00'); // a Wednesday

const renderOverview = () => renderSettled(<ActivityOverview now={NOW} />);

/** The stat card a label belongs to. */
const card = (label: string) => screen.getByText(label).parentElement as HTMLElement;

beforeEach(() => localStorage.clear());

describe('ActivityOverview', () => {
  it('starts at zero with an invitation to begin', async () => {
    await renderOverview();
    expect(
      await screen.findByText('Každá cesta začíná prvním krokem', {}, LOADED),
    ).toBeInTheDocument();
    expect(within(card('Konverzace s Parťákem')).getByText('0')).toBeInTheDocument();
    expect(screen.getByText(/Zatím tu nic není/)).toBeInTheDocument();
  });

  it('counts what the stored activity log says, and lists the latest four', async () => {
    const events = [
      { type: 'message_sent', at: '2026-02-20T10:00:00.000Z', ref: 'a' },
      { type: 'message_sent', at: '2026-03-10T10:00:00.000Z', ref: 'b' },
      { type: 'message_sent', at: '2026-03-10T10:05:00.000Z', ref: 'b' },
      { type: 'topic_opened', at: '2026-03-10T11:00:00.000Z', ref: 'sales' },
      { type: 'goal_completed', at: '2026-03-11T09:00:00.000Z', ref: 'g', label: 'Web hotový' },
    ];
    localStorage.setItem(storageKeys.activity, JSON.stringify(events));
    await renderOverview();
    await screen.findByText('Konverzace s Parťákem', {}, LOADED);
    const conversations = card('Konverzace s Parťákem');
    expect(within(conversations).getByText('2')).toBeInTheDocument();
    expect(within(conversations).getByText('+1 tento týden')).toBeInTheDocument();
    expect(within(card('Splněné cíle')).getByText('1')).toBeInTheDocument();
    const recent = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(recent).toHaveLength(4);
    expect(recent[0]).toContain('Splněný cíl: Web hotový');
    expect(recent[1]).toContain('Téma: Prodej');
  });
});
