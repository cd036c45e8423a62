import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderHistory, savedConversation, seedConversations } from './history-fixtures.tsx';

const titles = () =>
  screen
    .queryAllByRole('listitem')
    .map((item) => within(item).getAllByRole('button')[0]?.textContent ?? '');
const field = () => screen.getByRole('searchbox', { name: 'Hledat v konverzacích' });
const type = (text: string) => act(() => fireEvent.change(field(), { target: { value: text } }));

beforeEach(() => {
  localStorage.clear();
  seedConversations([
    savedConversation(1, 'Jak nacenit logo?', 'Připrav si Ceník a drž se ho.'),
    savedConversation(2, 'Jak najít zákazníky?', 'Zeptej se známých.'),
    savedConversation(3, 'Co s daněmi?', 'Zaplať zálohy.', 'Daně 2026'),
  ]);
});

describe('searching the history', () => {
  it('narrows the list ignoring case and diacritics, and keeps the query in the URL', async () => {
    await renderHistory();
    expect(titles()).toHaveLength(3);
    await type('cenik');
    expect(titles()).toEqual([expect.stringMatching(/^Jak nacenit logo\?/)]);
    expect(screen.getByText('url:?q=cenik')).toBeInTheDocument();
    expect(screen.getByText('Nalezena 1 konverzace')).toBeInTheDocument();

    await type('ZAKAZNIK');
    expect(titles()).toEqual([expect.stringMatching(/^Jak najít zákazníky\?/)]);

    await type('');
    expect(titles()).toHaveLength(3);
    expect(screen.getByText('url:')).toBeInTheDocument();
  });

  it('finds a title the user gave, and starts from the query in the URL', async () => {
    await renderHistory('/history?q=dane%202026');
    expect(field()).toHaveValue('dane 2026');
    expect(titles()).toEqual([expect.stringMatching(/^Daně 2026/)]);
  });

  it('says when nothing matches and clears the search back to the field', async () => {
    await renderHistory('/history?q=marketing');
    expect(
      screen.getByText('Hledání „marketing“ neodpovídá žádná konverzace.'),
    ).toBeInTheDocument();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    await act(() => fireEvent.click(screen.getByRole('button', { name: 'Zrušit hledání' })));
    expect(titles()).toHaveLength(3);
    expect(field()).toHaveValue('');
    expect(field()).toHaveFocus();
  });
});
