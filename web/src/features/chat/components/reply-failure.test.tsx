import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderSettled } from '@/testing/render-settled.tsx';
import { ReplyFailure } from './reply-failure.tsx';

const renderFailure = (code: 'unavailable' | 'model_replies_used_up', onRetry = vi.fn()) =>
  renderSettled(
    <MemoryRouter>
      <ReplyFailure code={code} onRetry={onRetry} />
    </MemoryRouter>,
  );

describe('a reply that failed', () => {
  it('says why and asks the same mentor again', async () => {
    const onRetry = vi.fn();
    await renderFailure('unavailable', onRetry);
    fireEvent.click(screen.getByRole('button', { name: 'Zkusit znovu' }));
    expect(onRetry).toHaveBeenCalledWith(false);
  });

  it('past the month’s AI replies, offers the library’s answer and the subscription', async () => {
    const onRetry = vi.fn();
    await renderFailure('model_replies_used_up', onRetry);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'AI odpovědi na tento měsíc jsou vyčerpané',
    );
    expect(screen.getByRole('link', { name: 'Předplatné' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Odpovědět z knihovny' }));
    expect(onRetry).toHaveBeenCalledWith(true);
  });
});
