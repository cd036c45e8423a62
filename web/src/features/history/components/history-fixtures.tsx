import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { SavedConversation } from '@partak/domain/chat';
import { storageKeys } from '@partak/domain/product';
import { renderSettled } from '@/testing/render-settled.tsx';
import { HistoryList } from './history-list.tsx';

/** For component tests of the history: the list at `entry`, with the URL's search ("url:?q=…"). */
export function renderHistory(entry = '/history') {
  return renderSettled(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route
          path="/history"
          element={
            <>
              <HistoryList />
              <SearchProbe />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

function SearchProbe() {
  return <p>{`url:${useLocation().search}`}</p>;
}

export function seedConversations(list: SavedConversation[]): void {
  localStorage.setItem(storageKeys.savedConversations, JSON.stringify(list));
}

export function storedConversations(): SavedConversation[] {
  return JSON.parse(localStorage.getItem(storageKeys.savedConversations) ?? '[]');
}

/** A saved conversation of a question and a reply, saved at `day` of March 2026. */
export function savedConversation(
  day: number,
  question: string,
  reply: string,
  title?: string,
): SavedConversation {
  const at = new Date(Date.UTC(2026, 2, day, 10)).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(day).padStart(12, '0')}`,
    ...(title === undefined ? {} : { title }),
    createdAt: at,
    updatedAt: at,
    messages: [
      { role: 'user', content: question, timestamp: at },
      { role: 'assistant', content: reply, timestamp: at },
    ],
  };
}
