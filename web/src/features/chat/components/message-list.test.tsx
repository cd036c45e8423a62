import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@partak/domain/chat';
import { renderSettled } from '@/testing/render-settled.tsx';
import { MessageList } from './message-list.tsx';

const at = '2026-03-01T10:00:00.000Z';
const question: ChatMessage = { role: 'user', content: 'Jak začít?', timestamp: at };
const failed: ChatMessage = {
  role: 'assistant',
  content: 'Začnu tím, že…',
  timestamp: at,
  error: 'network',
};

describe('MessageList', () => {
  it('shows a failed reply with what arrived, the translated reason and Retry', async () => {
    const onRetry = vi.fn();
    await renderSettled(
      <MessageList
        messages={[question, failed]}
        pending={false}
        onRetry={onRetry}
        onRegenerate={vi.fn()}
        onAnswer={vi.fn()}
        onAddGoal={vi.fn()}
      />,
    );
    expect(screen.getByText('Začnu tím, že…')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Odpověď se nepodařilo dokončit.');
    expect(alert).toHaveTextContent(/Nepodařilo se spojit se serverem/);
    fireEvent.click(screen.getByRole('button', { name: 'Zkusit znovu' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers Retry only on the last reply, and not while another is on its way', async () => {
    const later: ChatMessage = { role: 'user', content: 'A dál?', timestamp: at };
    const { rerender } = await renderSettled(
      <MessageList
        messages={[question, failed, later]}
        pending={false}
        onRetry={vi.fn()}
        onRegenerate={vi.fn()}
        onAnswer={vi.fn()}
        onAddGoal={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zkusit znovu' })).not.toBeInTheDocument();
    rerender(
      <MessageList
        messages={[question, failed]}
        pending
        onRetry={vi.fn()}
        onRegenerate={vi.fn()}
        onAnswer={vi.fn()}
        onAddGoal={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Zkusit znovu' })).not.toBeInTheDocument();
  });

  it('offers an answer to a last question left without one, and is busy while a reply streams', async () => {
    const onAnswer = vi.fn();
    const { rerender } = await renderSettled(
      <MessageList
        messages={[question]}
        pending={false}
        onRetry={vi.fn()}
        onRegenerate={vi.fn()}
        onAnswer={onAnswer}
        onAddGoal={vi.fn()}
      />,
    );
    expect(screen.getByText('Na tohle Parťák zatím neodpověděl.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Odpovědět' }));
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('log')).not.toHaveAttribute('aria-busy');
    rerender(
      <MessageList
        messages={[question, { role: 'assistant', content: 'Začni…', timestamp: at }]}
        pending
        onRetry={vi.fn()}
        onRegenerate={vi.fn()}
        onAnswer={onAnswer}
        onAddGoal={vi.fn()}
      />,
    );
    expect(screen.getByRole('log')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('button', { name: 'Odpovědět' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zkopírovat odpověď' })).not.toBeInTheDocument();
  });
});
