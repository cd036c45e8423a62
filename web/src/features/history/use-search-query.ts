import { useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';

/**
 * The history's search text, kept in the URL as `?q=` so a reload, a shared link or a step back
 * to the page finds the same search. The field keeps its own copy, since the router applies URL
 * changes in a transition and a field bound to the URL would lag behind fast typing; typing
 * replaces the URL entry (no entry per keystroke), and arriving anew (a link, Back) takes the
 * URL's text.
 */
export function useSearchQuery(): [string, (query: string) => void] {
  const [params, setParams] = useSearchParams();
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const fromUrl = params.get('q') ?? '';
  const [query, setQuery] = useState(fromUrl);
  const [seenKey, setSeenKey] = useState(key);

  if (key !== seenKey) {
    setSeenKey(key);
    if (navigationType !== 'REPLACE' && fromUrl !== query) setQuery(fromUrl);
  }

  const change = (next: string) => {
    setQuery(next);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.trim()) updated.set('q', next);
        else updated.delete('q');
        return updated;
      },
      { replace: true },
    );
  };

  return [query, change];
}
