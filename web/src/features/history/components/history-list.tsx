import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { MessageCircle, Trash2 } from 'lucide';
import { conversationTitle, shorten, type SavedConversation } from '@partak/domain/chat';
import { href } from '@partak/domain/routes';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { continueInChat } from '@/lib/chat-hand-off.ts';
import { formatDateTime } from '@/lib/format.ts';
import {
  conversationsRecovery,
  conversationsStore,
  deletingConversation,
  savingConversation,
} from '@/lib/data/conversations.ts';
import { useStored } from '@/lib/data/use-stored.ts';
import { toast } from '@/lib/toast.ts';

/**
 * The saved conversations, newest first. Opening one continues it in the chat; deleting one can be
 * undone from the toast. Unreadable saved data is reported once, calmly; the rest is listed.
 */
export function HistoryList() {
  const { t, language } = useTranslation('history');
  const navigate = useNavigate();
  const [items, write] = useStored('conversations', conversationsStore);
  const [recovered] = useState(conversationsRecovery.pending);

  // The notice is on screen now: it is not shown again on the next visit.
  useEffect(() => {
    if (recovered) conversationsRecovery.acknowledge();
  }, [recovered]);

  const remove = async (conversation: SavedConversation) => {
    if ((await write(deletingConversation(conversation.id))) !== 'ok') return;
    toast.success(t('deleted'), conversationTitle(conversation.messages), {
      label: t('undo'),
      onClick: () => void write(savingConversation(conversation)),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      {recovered && (
        <p role="status" className="rounded-2xl bg-accent-100 px-4 py-3 text-sm text-slate-800">
          {t('recovered')}
        </p>
      )}
      {items.length === 0 ? (
        <EmptyState title={t('empty')}>
          <ButtonLink to={href('chat')}>{t('startChat')}</ButtonLink>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((conversation) => {
            const title = conversationTitle(conversation.messages) || t('untitled');
            const last = conversation.messages.at(-1)?.content ?? '';
            return (
              <li
                key={conversation.id}
                className="flex items-start gap-2 rounded-3xl bg-white p-2 shadow-sm ring-1 ring-slate-200"
              >
                <button
                  type="button"
                  onClick={() => navigate(href('chat'), { state: continueInChat(conversation.id) })}
                  className="flex min-w-0 flex-1 items-start gap-3 rounded-2xl p-3 text-left hover:bg-slate-50"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <Icon icon={MessageCircle} />
                  </span>
                  <span className="flex min-w-0 flex-col gap-1">
                    <span className="font-semibold text-slate-900">{title}</span>
                    <span className="line-clamp-2 text-sm text-slate-700">
                      {shorten(last, 140)}
                    </span>
                    <time dateTime={conversation.updatedAt} className="text-xs text-slate-600">
                      {formatDateTime(conversation.updatedAt, language)} ·{' '}
                      {t('messageCount', { count: conversation.messages.length })}
                    </time>
                  </span>
                </button>
                <button
                  type="button"
                  onClick={() => void remove(conversation)}
                  aria-label={t('delete', { title })}
                  className="mt-2 rounded-xl p-2.5 text-slate-600 hover:bg-red-50 hover:text-red-700"
                >
                  <Icon icon={Trash2} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
