import { useEffect, useId, useRef, type ReactNode } from 'react';
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

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
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
            onClick={() => ref.current?.close()}
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
