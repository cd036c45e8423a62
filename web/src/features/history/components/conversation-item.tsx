import type { ReactNode } from 'react';
import { Download, MessageCircle, Pencil, Trash2 } from 'lucide';
import type { IconNode } from 'lucide';
import { conversationTitle, shorten, type SavedConversation } from '@partak/domain/chat';
import { Icon } from '@/components/ui/icon.tsx';
import { PendingMark } from '@/components/ui/pending-mark.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { cn } from '@/lib/cn.ts';
import { formatDateTime } from '@/lib/format.ts';

/** One saved conversation: opening it continues it in the chat; rename, download and delete. */
export function ConversationItem({
  conversation,
  onOpen,
  onRename,
  onExport,
  onDelete,
  pending = false,
}: {
  conversation: SavedConversation;
  /** A change to it is still on its way to the account (made offline). */
  pending?: boolean;
  onOpen: () => void;
  onRename: () => void;
  onExport: () => void;
  onDelete: () => void;
}) {
  const { t, language } = useTranslation('history');
  const title = conversationTitle(conversation) || t('untitled');
  const last = conversation.messages.at(-1)?.content ?? '';
  return (
    <li className="flex items-start gap-2 rounded-3xl bg-white p-2 shadow-sm ring-1 ring-slate-200">
      <button
        type="button"
        onClick={onOpen}
        className="flex min-w-0 flex-1 items-start gap-3 rounded-2xl p-3 text-left hover:bg-slate-50"
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icon icon={MessageCircle} />
        </span>
        <span className="flex min-w-0 flex-col gap-1">
          <span className="font-semibold break-words text-slate-900">{title}</span>
          <span className="line-clamp-2 text-sm text-slate-700">{shorten(last, 140)}</span>
          <time dateTime={conversation.updatedAt} className="text-xs text-slate-600">
            {formatDateTime(conversation.updatedAt, language)} ·{' '}
            {t('messageCount', { count: conversation.messages.length })}
          </time>
          {pending && <PendingMark />}
        </span>
      </button>
      <div className="mt-2 flex shrink-0 flex-col sm:flex-row">
        <Action icon={Pencil} label={t('rename.action', { title })} onClick={onRename} />
        <Action icon={Download} label={t('export.action', { title })} onClick={onExport} />
        <Action icon={Trash2} label={t('delete', { title })} onClick={onDelete} danger />
      </div>
    </li>
  );
}

/** An icon button of 44 × 44 px, named for screen readers by its label. */
function Action({
  icon,
  label,
  onClick,
  danger = false,
}: {
  icon: IconNode;
  label: string;
  onClick: () => void;
  danger?: boolean;
}): ReactNode {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className={cn(
        'flex size-11 items-center justify-center rounded-xl text-slate-600',
        danger ? 'hover:bg-red-50 hover:text-red-700' : 'hover:bg-slate-100 hover:text-slate-900',
      )}
    >
      <Icon icon={icon} />
    </button>
  );
}
