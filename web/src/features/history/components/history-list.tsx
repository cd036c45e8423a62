import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { conversationTitle, type SavedConversation } from '@partak/domain/chat';
import { href } from '@partak/domain/routes';
import { Button } from '@/components/ui/button.tsx';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { continueInChat } from '@/lib/chat-hand-off.ts';
import {
  conversationsRecovery,
  conversationsStore,
  deletingConversation,
  renamingConversation,
  savingConversation,
} from '@/lib/data/conversations.ts';
import { usePendingIds } from '@/lib/data/sync-status.ts';
import { useStored } from '@/lib/data/use-stored.ts';
import { toast } from '@/lib/toast.ts';
import { filterConversations } from '../conversation-search.ts';
import { useMarkdownExport } from '../download-markdown.ts';
import { HistorySearch } from './history-search.tsx';
import { RenameDialog } from './rename-dialog.tsx';
import { useSearchQuery } from '../use-search-query.ts';
import { ConversationItem } from './conversation-item.tsx';

/**
 * The saved conversations, newest first, with a search over their titles and messages. Opening one
 * continues it in the chat; each can be renamed, downloaded as Markdown or deleted (undone from the
 * toast). Unreadable saved data is reported once, calmly; the rest is listed.
 */
export function HistoryList() {
  const { t } = useTranslation('history');
  const navigate = useNavigate();
  const [items, write] = useStored('conversations', conversationsStore);
  const [recovered] = useState(conversationsRecovery.pending);
  const [query, setQuery] = useSearchQuery();
  const searched = useDeferredValue(query);
  const found = useMemo(() => filterConversations(items, searched), [items, searched]);
  const [renaming, setRenaming] = useState<SavedConversation>();
  const exportMarkdown = useMarkdownExport();
  const searchField = useRef<HTMLInputElement>(null);
  const pending = usePendingIds();

  // The notice is on screen now: it is not shown again on the next visit.
  useEffect(() => {
    if (recovered) conversationsRecovery.acknowledge();
  }, [recovered]);

  const remove = async (conversation: SavedConversation) => {
    if ((await write(deletingConversation(conversation.id))) !== 'ok') return;
    toast.success(t('deleted'), conversationTitle(conversation), {
      label: t('undo'),
      onClick: () => void write(savingConversation(conversation)),
    });
  };

  const rename = async (conversation: SavedConversation, title: string) => {
    if ((await write(renamingConversation(conversation.id, title))) !== 'ok') return;
    const { messages } = conversation;
    toast.success(t('rename.done'), conversationTitle({ messages, title }) || t('untitled'));
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
        <>
          <HistorySearch ref={searchField} query={query} onChange={setQuery} found={found.length} />
          {found.length === 0 ? (
            <EmptyState title={t('search.noMatch', { query: query.trim() })}>
              <Button
                variant="secondary"
                onClick={() => {
                  setQuery('');
                  searchField.current?.focus();
                }}
              >
                {t('search.clear')}
              </Button>
            </EmptyState>
          ) : (
            <ul className="flex flex-col gap-3">
              {found.map((conversation) => (
                <ConversationItem
                  key={conversation.id}
                  conversation={conversation}
                  onOpen={() => navigate(href('chat'), { state: continueInChat(conversation.id) })}
                  onRename={() => setRenaming(conversation)}
                  onExport={() => exportMarkdown(conversation)}
                  onDelete={() => void remove(conversation)}
                  pending={pending.has(conversation.id)}
                />
              ))}
            </ul>
          )}
        </>
      )}
      <RenameDialog
        conversation={renaming}
        onRename={(conversation, title) => void rename(conversation, title)}
        onClose={() => setRenaming(undefined)}
      />
    </div>
  );
}
