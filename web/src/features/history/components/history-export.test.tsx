import { act, fireEvent, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHistory, savedConversation, seedConversations } from './history-fixtures.tsx';

const blobs = new Map<string, Blob>();

beforeAll(() => {
  // jsdom has no object URLs: these stand in, keeping each Blob to read back.
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: (url: string) => blobs.delete(url),
  });
});
beforeEach(() => localStorage.clear());

describe('downloading a conversation as Markdown', () => {
  it('downloads <title-slug>.md with the title, the date and the messages', async () => {
    const conversation = savedConversation(1, 'Jak nacenit logo?', 'Spočítej si **hodiny**.');
    seedConversations([
      {
        ...conversation,
        messages: [
          ...conversation.messages.slice(0, 1),
          {
            ...(conversation.messages[1] as (typeof conversation.messages)[number]),
            sources: [{ url: '/library/finance/ceny', title: 'Ceny' }],
          },
        ],
      },
    ]);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    await renderHistory();
    await act(() =>
      fireEvent.click(
        screen.getByRole('button', { name: 'Stáhnout konverzaci Jak nacenit logo? jako Markdown' }),
      ),
    );
    expect(clicked).toHaveLength(1);
    const link = clicked[0] as HTMLAnchorElement;
    expect(link.download).toBe('jak-nacenit-logo.md');
    expect(link.isConnected).toBe(false);
    const blob = blobs.get(link.getAttribute('href') ?? '');
    expect(blob?.type).toBe('text/markdown;charset=utf-8');
    expect(await blob?.text()).toBe(
      [
        '# Jak nacenit logo?',
        'Uloženo 1. 3. 2026 11:00',
        '**Ty:** Jak nacenit logo?',
        '**Parťák:** Spočítej si **hodiny**.',
        'Zdroje:',
        `- [Ceny](${window.location.origin}/library/finance/ceny)\n`,
      ].join('\n\n'),
    );
  });
});
