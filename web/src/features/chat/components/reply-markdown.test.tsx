import { MemoryRouter } from 'react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReplyMarkdown } from './reply-markdown.tsx';

const show = (text: string) =>
  render(
    <MemoryRouter>
      <ReplyMarkdown text={text} />
    </MemoryRouter>,
  );

describe('ReplyMarkdown', () => {
  it('renders the mentor’s Markdown: paragraphs, lists, bold, links into the library', () => {
    const { container } = show(
      'Tady jsou dvě věci.\n\n- **Dnes:** pošli upomínku\n- Přečti si [Fakturace](/library/penize-dane-urady/fakturace)',
    );
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByText('Dnes:').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'Fakturace' })).toHaveAttribute(
      'href',
      '/library/penize-dane-urady/fakturace',
    );
  });

  it('shows HTML from a model as text, and never runs or loads it', () => {
    const { container } = show(
      'Pozor <script>window.hacked = true</script> a <img src=x onerror="window.hacked = true">',
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<script>window.hacked = true</script>');
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('keeps only the app’s own and web links, and opens the web in a new tab', () => {
    show(
      '[klikni](javascript:alert(1)) [web](https://www.financnisprava.cz/) ![obr](https://x/y.png)',
    );
    // A refused address leaves the words, not a link that would open the chat in a new tab.
    expect(screen.getByText('klikni').closest('a')).toBeNull();
    expect(screen.getByRole('link', { name: 'web' })).toHaveAttribute('target', '_blank');
    expect(document.querySelector('img')).toBeNull();
  });
});
