import { act, fireEvent, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONVERSATION_TITLE_MAX_LENGTH } from '@partak/domain/chat';
import { polyfillNativeDialog } from '@/testing/native-dialog.ts';
import {
  renderHistory,
  savedConversation,
  seedConversations,
  storedConversations,
} from './history-fixtures.tsx';
import { titleToSave } from './rename-dialog.tsx';

const plain = savedConversation(1, 'Jak nacenit logo?', 'Podle času.');
const named = savedConversation(2, 'Kde hledat zákazníky?', 'U známých.', 'Zákazníci');

const dialog = () => screen.getByRole('dialog', { name: 'Přejmenovat konverzaci' });
const titleField = () => screen.getByRole('textbox', { name: 'Název' });
const open = (title: string) =>
  act(() =>
    fireEvent.click(screen.getByRole('button', { name: `Přejmenovat konverzaci ${title}` })),
  );

beforeAll(polyfillNativeDialog);
beforeEach(() => {
  localStorage.clear();
  seedConversations([plain, named]);
});

describe('renaming a conversation', () => {
  it('opens with the current title and saves the new one, trimmed', async () => {
    await renderHistory();
    await open('Jak nacenit logo?');
    expect(dialog()).toBeVisible();
    expect(titleField()).toHaveValue('Jak nacenit logo?');
    expect(titleField()).toHaveAttribute('maxlength', String(CONVERSATION_TITLE_MAX_LENGTH));
    fireEvent.change(titleField(), { target: { value: '  Ceník loga  ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Uložit' })));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Ceník loga/ })).toBeInTheDocument();
    expect(storedConversations().find((c) => c.id === plain.id)?.title).toBe('Ceník loga');
  });

  it('gives back the automatic title when the field is left blank', async () => {
    await renderHistory();
    await open('Zákazníci');
    expect(titleField()).toHaveValue('Zákazníci');
    fireEvent.change(titleField(), { target: { value: '   ' } });
    await act(async () => fireEvent.submit(titleField()));
    expect(screen.getByRole('button', { name: /^Kde hledat zákazníky\?/ })).toBeInTheDocument();
    expect(storedConversations().find((c) => c.id === named.id)).not.toHaveProperty('title');
  });

  it('changes nothing on Cancel', async () => {
    await renderHistory();
    await open('Zákazníci');
    fireEvent.change(titleField(), { target: { value: 'Jinak' } });
    await act(() => fireEvent.click(screen.getByRole('button', { name: 'Zrušit' })));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Zákazníci/ })).toBeInTheDocument();
    expect(storedConversations().find((c) => c.id === named.id)?.title).toBe('Zákazníci');
  });
});

describe('titleToSave', () => {
  it('keeps the automatic title automatic, and an unchanged title unchanged', () => {
    expect(titleToSave(plain, 'Jak nacenit logo?')).toBeUndefined();
    expect(titleToSave(named, ' Zákazníci ')).toBeUndefined();
    expect(titleToSave(named, 'Kde hledat zákazníky?')).toBe('');
  });

  it('trims and cuts a title to the limit', () => {
    expect(titleToSave(plain, ` ${'a'.repeat(250)} `)).toBe('a'.repeat(200));
    expect(titleToSave(plain, '')).toBeUndefined();
    expect(titleToSave(named, '')).toBe('');
  });
});
