import { fireEvent, screen, within } from '@testing-library/react';
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

/** Every action the list takes, each a spy; a test names the ones it checks. */
const actions = () => ({
  onRetry: vi.fn(),
  onRegenerate: vi.fn(),
  onAnswer: vi.fn(),
  onAddGoal: vi.fn(),
  onChoose: vi.fn(),
});

describe('MessageList', () => {
  it('shows a failed reply with what arrived, the translated reason and Retry', async () => {
    const onRetry = vi.fn();
    await renderSettled(
      <MessageList
        messages={[question, failed]}
        pending={false}
        {...actions()}
        onRetry={onRetry}
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
      <MessageList messages={[question, failed, later]} pending={false} {...actions()} />,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zkusit znovu' })).not.toBeInTheDocument();
    rerender(<MessageList messages={[question, failed]} pending {...actions()} />);
    expect(screen.queryByRole('button', { name: 'Zkusit znovu' })).not.toBeInTheDocument();
  });

  it('offers an answer to a last question left without one, and is busy while a reply streams', async () => {
    const onAnswer = vi.fn();
    const { rerender } = await renderSettled(
      <MessageList messages={[question]} pending={false} {...actions()} onAnswer={onAnswer} />,
    );
    expect(screen.getByText('Na tohle Parťák zatím neodpověděl.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Odpovědět' }));
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('log')).not.toHaveAttribute('aria-busy');
    rerender(
      <MessageList
        messages={[question, { role: 'assistant', content: 'Začni…', timestamp: at }]}
        pending
        {...actions()}
        onAnswer={onAnswer}
      />,
    );
    expect(screen.getByRole('log')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('button', { name: 'Odpovědět' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zkopírovat odpověď' })).not.toBeInTheDocument();
  });

  it('offers the last reply’s choices as buttons that send the one tapped, and no others', async () => {
    const clarifying: ChatMessage = {
      role: 'assistant',
      content: 'S čím přesně ti mám pomoct?',
      timestamp: at,
      mentor: 'library',
      choices: ['Jak najít první zákazníky?', 'Kolik si mám říct za svou práci?'],
    };
    const onChoose = vi.fn();
    const { rerender } = await renderSettled(
      <MessageList
        messages={[question, clarifying]}
        pending={false}
        {...actions()}
        onChoose={onChoose}
      />,
    );
    const choices = screen.getByRole('list', { name: 'Vyber, co tě zajímá' });
    fireEvent.click(
      within(choices).getByRole('button', { name: 'Kolik si mám říct za svou práci?' }),
    );
    expect(onChoose).toHaveBeenCalledWith('Kolik si mám říct za svou práci?');
    // Once the conversation has moved on, the old choices are gone.
    rerender(
      <MessageList
        messages={[question, clarifying, { ...question, content: 'Jak najít první zákazníky?' }]}
        pending
        {...actions()}
        onChoose={onChoose}
      />,
    );
    expect(screen.queryByRole('list', { name: 'Vyber, co tě zajímá' })).not.toBeInTheDocument();
  });

  it('shows a crisis reply as its own card with the helplines to call', async () => {
    const crisis: ChatMessage = {
      role: 'assistant',
      content: 'To, co píšeš, zní vážně.',
      timestamp: at,
      mentor: 'library',
      helplines: [
        { name: 'Linka první psychické pomoci', number: '116 123', note: 'zdarma a nonstop' },
        { name: 'Tísňová linka', number: '112' },
      ],
    };
    await renderSettled(
      <MessageList messages={[question, crisis]} pending={false} {...actions()} />,
    );
    const card = screen.getByRole('region', { name: 'Pomoc hned teď' });
    expect(card).toHaveTextContent('To, co píšeš, zní vážně.');
    expect(within(card).getByRole('link', { name: /Zavolat 116 123/ })).toHaveAttribute(
      'href',
      'tel:116123',
    );
    expect(within(card).getByRole('link', { name: /Zavolat 112/ })).toHaveAttribute(
      'href',
      'tel:112',
    );
  });
});
