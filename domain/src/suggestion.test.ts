import { describe, expect, it } from 'vitest';
import { suggestArticle, topicStems } from './suggestion.ts';

const LIBRARY = [
  { id: 'fakturace', text: 'Fakturace a placení včas – co musí být na faktuře' },
  { id: 'cesta-rustu', text: 'Cesta růstu – od prvního zákazníka ke stabilní firmě' },
  { id: 'pausalni-dan', text: 'Paušální daň v roce 2026 – pro koho se hodí' },
  { id: 'meditace-klid', text: 'Meditace pro klid: jednoduché dýchání na 5 až 10 minut' },
];

describe('topicStems', () => {
  it('meets Czech word forms with and without diacritics, and drops words that say nothing', () => {
    expect(topicStems('Jak mám psát faktury?')).toEqual(new Set(['psat', 'faktu']));
    expect(topicStems('fakturace')).toEqual(new Set(['faktu']));
    expect([...topicStems('Získat 10 prvních klientů')]).toEqual(['ziska', 'prvni', 'klien']);
  });
});

describe('suggestArticle', () => {
  it('follows the most recent question an article answers', () => {
    const suggestion = suggestArticle(
      [
        { kind: 'question', text: 'Kdy musím vystavit fakturu a co na ní má být?' },
        { kind: 'goal', text: 'Získat 10 prvních klientů' },
      ],
      LIBRARY,
    );
    expect(suggestion).toEqual({
      id: 'fakturace',
      because: { kind: 'question', text: 'Kdy musím vystavit fakturu a co na ní má být?' },
    });
  });

  it('falls back to a goal when no question meets an article, and skips what was read', () => {
    const sources = [
      { kind: 'question', text: 'Ahoj, jak se máš?' },
      { kind: 'goal', text: 'Získat 10 prvních klientů' },
    ] as const;
    expect(suggestArticle(sources, LIBRARY)?.id).toBe('cesta-rustu');
    expect(suggestArticle(sources, LIBRARY, new Set(['cesta-rustu']))).toBeUndefined();
  });

  it('suggests nothing for nothing', () => {
    expect(suggestArticle([], LIBRARY)).toBeUndefined();
    expect(suggestArticle([{ kind: 'question', text: 'ok' }], LIBRARY)).toBeUndefined();
  });
});
