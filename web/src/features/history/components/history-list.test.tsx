import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storageKeys } from '@partak/domain/product';
import { renderSettled } from '@/testing/render-settled.tsx';
import { HistoryList } from './history-list.tsx';

function ChatProbe() {
  return <p>{`chat:${JSON.stringify(useLocation().state)}`}</p>;
}

function renderHistory() {
  return renderSettled(
    <MemoryRouter initialEntries={['/history']}>
      <Routes>
        <Route path="/history" element={<HistoryList />} />
        <Route path="/chat" element={<ChatProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

const conversation = (id: number, at: string, question: string) => ({
  id,
  timestamp: at,
  messages: [
    { role: 'user', content: question, timestamp: at },
    { role: 'assistant', content: 'Odpověď', timestamp: at },
  ],
});

beforeEach(() => localStorage.clear());

describe('HistoryList', () => {
  it('says there is nothing yet and offers to start chatting', async () => {
    await renderHistory();
    expect(await screen.findByText(/Zatím nemáš žádné konverzace/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Začít chatovat' })).toHaveAttribute('href', '/chat');
  });

  it('lists saved conversations newest first, titled by their first question', async () => {
    localStorage.setItem(
      storageKeys.savedConversations,
      JSON.stringify([
        conversation(1, '2026-03-01T10:00:00.000Z', 'Jak nacenit logo?'),
        conversation(2, '2026-03-02T10:00:00.000Z', 'Jak najít zákazníky?'),
      ]),
    );
    await renderHistory();
    await screen.findByText('Jak najít zákazníky?');
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByText(/Jak/)[0]?.textContent)).toEqual([
      'Jak najít zákazníky?',
      'Jak nacenit logo?',
    ]);
    expect(within(items[0] as HTMLElement).getByText(/2 zprávy/)).toBeInTheDocument();
  });

  it('deletes one conversation from the list and from storage', async () => {
    localStorage.setItem(
      storageKeys.savedConversations,
      JSON.stringify([
        conversation(1, '2026-03-01T10:00:00.000Z', 'Jak nacenit logo?'),
        conversation(2, '2026-03-02T10:00:00.000Z', 'Jak najít zákazníky?'),
      ]),
    );
    await renderHistory();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Smazat konverzaci Jak nacenit logo?' }),
    );
    await waitFor(() => expect(screen.queryByText('Jak nacenit logo?')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(
        (JSON.parse(localStorage.getItem(storageKeys.savedConversations) ?? '[]') as unknown[])
          .length,
      ).toBe(1),
    );
  });

  it('opens a conversation in the chat to continue it', async () => {
    localStorage.setItem(
      storageKeys.savedConversations,
      JSON.stringify([conversation(1, '2026-03-01T10:00:00.000Z', 'Jak nacenit logo?')]),
    );
    await renderHistory();
    fireEvent.click(await screen.findByText('Jak nacenit logo?'));
    expect(await screen.findByText(/^chat:\{"conversationId":/)).toBeInTheDocument();
  });

  it('says calmly when some saved conversations could not be read', async () => {
    localStorage.setItem(
      storageKeys.savedConversations,
      JSON.stringify([conversation(1, '2026-03-01T10:00:00.000Z', 'Jak nacenit logo?'), 'x']),
    );
    await renderHistory();
    expect(await screen.findByRole('status')).toHaveTextContent(/nepodařilo přečíst/);
    expect(screen.getByText('Jak nacenit logo?')).toBeInTheDocument();
  });
});
