import { act, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@partak/domain/chat';
import { storageKeys } from '@partak/domain/product';
import { MessageList } from '@/features/chat/components/message-list.tsx';
import { initTestI18n } from '@/testing/i18n-for-tests.ts';
import { renderSettled } from '@/testing/render-settled.tsx';
import { toolHref } from './calculator-chat-card.tsx';

beforeAll(initTestI18n);
afterEach(() => localStorage.clear());

const at = '2026-03-01T10:00:00.000Z';
const reply = (calculator: ChatMessage['calculator']): ChatMessage => ({
  role: 'assistant',
  content: 'Spočítejme to spolu.',
  timestamp: at,
  calculator,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

async function renderChat(message: ChatMessage) {
  const noop = vi.fn();
  return renderSettled(
    <MemoryRouter initialEntries={['/chat']}>
      <Routes>
        <Route
          path="/chat"
          element={
            <MessageList
              messages={[message]}
              pending={false}
              onRetry={noop}
              onRegenerate={noop}
              onAnswer={noop}
              onAddGoal={noop}
              onChoose={noop}
            />
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const card = () => screen.getByRole('region', { name: 'Kalkulačka: Hodinovka' });
const net = () => screen.getByRole('textbox', { name: 'Kolik chceš mít čistého měsíčně' });

describe('a calculator card in the chat', () => {
  it('shows under the reply, filled from the card and the profile, and recomputes on edit', async () => {
    localStorage.setItem(
      storageKeys.businessProfile,
      JSON.stringify({ taxRegime: 'pausalni-dan', pausalBand: 1, billableHoursPerWeek: 30 }),
    );
    await renderChat(reply({ id: 'hourly-rate', input: { netMonthlyIncome: 40000 } }));
    expect(screen.getByText('Spočítejme to spolu.')).toBeVisible();
    expect(await screen.findByRole('textbox', { name: /čistého měsíčně/ })).toHaveValue('40000');
    expect(screen.getByRole('combobox', { name: 'Daňový režim' })).toHaveValue('pausal-1');
    // The same worked example as the full screen's test: band 1, 30 hours a week.
    expect(card()).toHaveTextContent('účtuj aspoň 489 Kč za hodinu, tedy 3 912 Kč za den');
    expect(card()).toHaveTextContent(/Podle sazeb roku \d{4}/);
    await act(async () => {
      fireEvent.change(net(), { target: { value: '60000' } });
    });
    expect(card()).not.toHaveTextContent('489 Kč za hodinu');
    // Compact: the sources are on the full screen only.
    expect(within(card()).queryByText('Odkud sazby jsou')).not.toBeInTheDocument();
  });

  it('links to the full calculator with the card’s input', async () => {
    await renderChat(reply({ id: 'put-aside', input: { invoiceAmount: 12100, vatRate: '21' } }));
    const link = await screen.findByRole('link', { name: 'Otevřít v nástrojích' });
    expect(link).toHaveAttribute('href', '/nastroje/put-aside?invoiceAmount=12100&vatRate=21');
    await act(async () => {
      fireEvent.click(link);
    });
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/nastroje/put-aside?invoiceAmount=12100&vatRate=21',
    );
  });

  it('is absent from a reply without a calculator, and the link has no query without input', async () => {
    await renderChat(reply(undefined));
    expect(screen.queryByRole('link', { name: 'Otevřít v nástrojích' })).not.toBeInTheDocument();
    expect(toolHref({ id: 'vat-watch' })).toBe('/nastroje/vat-watch');
  });
});
