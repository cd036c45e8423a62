import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { X } from 'lucide';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { cn } from '@/lib/cn.ts';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** `sheet` slides in from the right edge (menus); `center` is a classic modal. */
  variant?: 'center' | 'sheet';
  /** `alertdialog` for a confirmation that interrupts the user. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

/**
 * A modal dialog on the native <dialog> element: the browser traps focus, makes the page behind
 * inert, closes on Escape and returns focus to where it was. Unlike script-driven dialogs it needs
 * no injected <style>, so the strict Content-Security-Policy holds. A click on the backdrop closes.
 *
 * `onClose` is called once per closing, as soon as the dialog closes (Escape, the close button, the
 * backdrop): not at the browser's `close` event, which comes a task later, when a quick user may
 * already have opened the dialog again: a state still saying "open" would make that opening do
 * nothing, and the late event would close the dialog just opened.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  variant = 'center',
  role,
  className,
}: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const told = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      told.current = false;
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // A dialog taken away while open (the sign-in dialog, once signed in) closes first, so focus goes
  // back to where it was instead of being lost with it. A layout effect's cleanup runs before the
  // element leaves the page.
  useLayoutEffect(() => {
    const dialog = ref.current;
    return () => {
      if (!dialog?.open) return;
      told.current = true;
      dialog.close();
    };
  }, []);

  const closed = () => {
    if (told.current) return;
    told.current = true;
    onClose();
  };
  const close = () => {
    ref.current?.close();
    closed();
  };

  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      // Escape: closed here and now, so focus is back before a caller that unmounts the dialog
      // does so (the browser's own closing after this event then has nothing to do). A file input's
      // cancel event, which bubbles, is not the dialog's.
      onCancel={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      // Any other closing; a late event of an earlier one is ignored once the dialog is open again.
      onClose={(event) => {
        if (!event.currentTarget.open) closed();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className={cn(
        'bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50',
        variant === 'sheet'
          ? 'ms-auto me-0 h-dvh max-h-dvh w-[min(22rem,90vw)] max-w-none'
          : 'm-auto w-[min(28rem,calc(100vw-2rem))] rounded-3xl',
        className,
      )}
    >
      <div className="flex h-full flex-col gap-4 p-5 pt-[max(1.25rem,env(safe-area-inset-top))]">
        <div className="flex items-center justify-between gap-4">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          <button
            type="button"
            onClick={close}
            className="-me-2 rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <Icon icon={X} className="size-5" />
            <span className="sr-only">{t('close')}</span>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
