import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storageKeys } from '@partak/domain/product';
import { renderSuspendingHook } from '@/testing/render-settled.tsx';
import { ApiError } from '@/lib/api-client.ts';
import type { Mentor } from './mentor/mentor.ts';
import { offlineMentor } from './mentor/offline-mentor.ts';
import { useChat } from './use-chat.ts';

const OFFLINE_REPLY = /nemůžu spojit se serverem/;
const REPLY_WAIT = { timeout: 3000 };

const savedList = () =>
  JSON.parse(localStorage.getItem(storageKeys.savedConversations) ?? '[]') as {
    id: unknown;
    messages: { role: string; content: string }[];
  }[];
const activity = () =>
  JSON.parse(localStorage.getItem(storageKeys.activity) ?? '[]') as { type: string; ref: string }[];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('useChat', () => {
  it('sends a message, shows the mentor waiting, then its reply', async () => {
    const { result } = await renderSuspendingHook(() => useChat(offlineMentor));
    let accepted = false;
    act(() => {
      accepted = result.current.send('  Jak najdu první zákazníky?  ');
    });
    expect(accepted).toBe(true);
    expect(result.current.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Jak najdu první zákazníky?'],
    ]);
    expect(result.current.pending).toBe(true);
    await waitFor(() => expect(result.current.pending).toBe(false), REPLY_WAIT);
    expect(result.current.messages[1]).toMatchObject({
      role: 'assistant',
      content: expect.stringMatching(OFFLINE_REPLY),
    });
    await waitFor(() => expect(activity().map((event) => event.type)).toEqual(['message_sent']));
  });

  it('refuses a blank message and a second one while the mentor is answering', async () => {
    const { result } = await renderSuspendingHook(() => useChat(offlineMentor));
    let answers: boolean[] = [];
    act(() => {
      answers = [result.current.send('   ')];
    });
    act(() => {
      answers.push(result.current.send('První'));
    });
    act(() => {
      answers.push(result.current.send('Druhá'));
    });
    expect(answers).toEqual([false, true, false]);
    expect(result.current.messages).toHaveLength(1);
  });

  it('saves the conversation once however often it is saved, and New starts empty', async () => {
    const { result } = await renderSuspendingHook(() => useChat(offlineMentor));
    await act(() => result.current.save());
    expect(savedList()).toEqual([]);
    act(() => void result.current.send('Ahoj'));
    await waitFor(() => expect(result.current.pending).toBe(false), REPLY_WAIT);
    await act(() => result.current.save());
    await waitFor(() => expect(savedList()).toHaveLength(1));
    await act(() => result.current.save());
    await waitFor(() =>
      expect(activity().filter((e) => e.type === 'conversation_saved')).toHaveLength(2),
    );
    expect(savedList()).toHaveLength(1);
    expect(savedList()[0]?.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    act(() => result.current.startNew());
    expect(result.current.isEmpty).toBe(true);
  });

  it('continues a saved conversation where it ended', async () => {
    const { result } = await renderSuspendingHook(() => useChat(offlineMentor));
    act(() => void result.current.send('Kolik si říct za logo?'));
    await waitFor(() => expect(result.current.pending).toBe(false), REPLY_WAIT);
    await act(() => result.current.save());
    await waitFor(() => expect(savedList()).toHaveLength(1));
    act(() => result.current.startNew());
    const saved = savedList()[0] as unknown as Parameters<typeof result.current.continueSaved>[0];
    act(() => result.current.continueSaved(saved));
    expect(result.current.messages.map((m) => m.content)[0]).toBe('Kolik si říct za logo?');
  });

  it('after a reload mid-reply, asks for the reply it still owes', async () => {
    const first = await renderSuspendingHook(() => useChat(offlineMentor));
    act(() => void first.result.current.send('Jak zdražit?'));
    first.unmount(); // the tab reloads before the mentor answered
    const again = await renderSuspendingHook(() => useChat(offlineMentor));
    expect(again.result.current.messages.map((m) => m.content)).toEqual(['Jak zdražit?']);
    await waitFor(() => expect(again.result.current.messages).toHaveLength(2), REPLY_WAIT);
  });

  it('ends a reply that fails with what arrived and the reason, and Retry asks again', async () => {
    let calls = 0;
    const flaky: Mentor = {
      async *reply() {
        calls += 1;
        if (calls === 1) {
          yield { type: 'text', text: 'Začnu tím, že…' };
          throw new ApiError(0, 'network', 'Failed to fetch');
        }
        yield { type: 'text', text: 'Tady je celá odpověď.' };
        yield { type: 'done', mentor: 'library' };
      },
    };
    const { result } = await renderSuspendingHook(() => useChat(flaky));
    act(() => void result.current.send('Jak začít?'));
    await waitFor(() =>
      expect(result.current.messages[1]).toMatchObject({
        role: 'assistant',
        content: 'Začnu tím, že…',
        error: 'network',
      }),
    );
    expect(result.current.pending).toBe(false);
    act(() => result.current.retry());
    await waitFor(() =>
      expect(result.current.messages[1]).toMatchObject({
        content: 'Tady je celá odpověď.',
        mentor: 'library',
      }),
    );
    expect(result.current.messages).toHaveLength(2);
    expect(result.current.messages[1]?.error).toBeUndefined();
  });

  it('keeps an error the mentor reports as an event on the reply', async () => {
    const refusing: Mentor = {
      async *reply() {
        yield { type: 'error', code: 'over_request_rate_limit' };
      },
    };
    const { result } = await renderSuspendingHook(() => useChat(refusing));
    act(() => void result.current.send('Ahoj'));
    await waitFor(() =>
      expect(result.current.messages[1]).toMatchObject({ error: 'over_request_rate_limit' }),
    );
  });

  it('Regenerate asks again for the last reply, and Stop keeps what had arrived', async () => {
    let calls = 0;
    const counting: Mentor = {
      async *reply(_history, _language, signal) {
        calls += 1;
        yield { type: 'text', text: `Odpověď ${calls}. ` };
        // The second reply waits until Stop aborts it, so the test never races a timer.
        if (calls === 2) {
          await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
          return;
        }
        yield { type: 'text', text: 'Konec.' };
        yield { type: 'done', mentor: 'library' };
      },
    };
    const { result } = await renderSuspendingHook(() => useChat(counting));
    act(() => void result.current.send('Otázka'));
    await waitFor(() => expect(result.current.messages[1]?.content).toBe('Odpověď 1. Konec.'));
    act(() => result.current.regenerate());
    await waitFor(() => expect(result.current.messages[1]?.content).toBe('Odpověď 2. '));
    act(() => result.current.stop());
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(result.current.messages).toHaveLength(2);
    expect(result.current.messages[1]?.content).toBe('Odpověď 2. ');
    expect(result.current.pending).toBe(false);
  });

  it('after a reload mid-reply, asks again instead of keeping half a reply', async () => {
    let calls = 0;
    const slow: Mentor = {
      async *reply(_history, _language, signal) {
        calls += 1;
        yield { type: 'text', text: `Polovina ${calls}…` };
        if (calls === 1) {
          await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
          return;
        }
        yield { type: 'text', text: ' a celá odpověď.' };
        yield { type: 'done', mentor: 'library' };
      },
    };
    const first = await renderSuspendingHook(() => useChat(slow));
    act(() => void first.result.current.send('Jak zdražit?'));
    await waitFor(() => expect(first.result.current.messages[1]?.content).toBe('Polovina 1…'));
    first.unmount(); // the tab reloads while the reply streams in
    const again = await renderSuspendingHook(() => useChat(slow));
    await waitFor(() =>
      expect(again.result.current.messages.map((m) => m.content)).toEqual([
        'Jak zdražit?',
        'Polovina 2… a celá odpověď.',
      ]),
    );
    expect(again.result.current.messages[1]).toMatchObject({ mentor: 'library' });
  });

  it('Stop before the first word leaves the question unanswered, and Answer asks for it', async () => {
    let calls = 0;
    const mentor: Mentor = {
      async *reply(_history, _language, signal) {
        calls += 1;
        if (calls === 1) {
          await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
          return;
        }
        yield { type: 'text', text: 'Tady je odpověď.' };
        yield { type: 'done', mentor: 'library' };
      },
    };
    const first = await renderSuspendingHook(() => useChat(mentor));
    act(() => void first.result.current.send('Otázka'));
    act(() => first.result.current.stop());
    expect(first.result.current.pending).toBe(false);
    expect(first.result.current.messages.map((m) => m.role)).toEqual(['user']);
    first.unmount();
    // The user stopped it: a reload does not ask again by itself.
    const again = await renderSuspendingHook(() => useChat(mentor));
    expect(again.result.current.pending).toBe(false);
    expect(calls).toBe(1);
    act(() => again.result.current.answer());
    await waitFor(() => expect(again.result.current.messages[1]?.content).toBe('Tady je odpověď.'));
  });
});
