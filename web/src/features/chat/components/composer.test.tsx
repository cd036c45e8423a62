import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MESSAGE_MAX_LENGTH } from '@partak/domain/chat';
import { Composer } from './composer.tsx';

function Harness({ onSend, pending = false }: { onSend: () => void; pending?: boolean }) {
  const [value, setValue] = useState('');
  return <Composer value={value} onChange={setValue} onSend={onSend} pending={pending} />;
}

const box = () => screen.getByRole('textbox', { name: 'Tvoje zpráva' });
const send = () => screen.getByRole('button', { name: 'Odeslat' });

describe('Composer', () => {
  it('sends on Enter', () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    fireEvent.change(box(), { target: { value: 'Ahoj' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('never sends on Shift+Enter or while an input method is composing', () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    fireEvent.change(box(), { target: { value: 'こんにちは' } });
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    fireEvent.keyDown(box(), { key: 'Enter', isComposing: true });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('disables sending for blank text and while a reply is pending', () => {
    const onSend = vi.fn();
    const { rerender } = render(<Harness onSend={onSend} />);
    expect(send()).toBeDisabled();
    fireEvent.change(box(), { target: { value: '   ' } });
    expect(send()).toBeDisabled();
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    rerender(<Harness onSend={onSend} pending />);
    fireEvent.change(box(), { target: { value: 'Další' } });
    expect(send()).toBeDisabled();
  });

  it('refuses an over-long message with a visible hint', () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    fireEvent.change(box(), { target: { value: 'a'.repeat(MESSAGE_MAX_LENGTH + 1) } });
    expect(screen.getByText(/Zpráva je moc dlouhá/)).toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    expect(send()).toBeDisabled();
  });
});
