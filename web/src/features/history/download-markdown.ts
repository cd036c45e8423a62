import { conversationTitle, type SavedConversation } from '@partak/domain/chat';
import { useTranslation } from '@/i18n/use-translation.ts';
import { formatDateTime } from '@/lib/format.ts';
import { conversationMarkdown, markdownFileName } from './conversation-markdown.ts';

/** Hands the browser a text file to download (a Blob behind an <a download>). */
export function downloadFile(name: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the Blob only after the click has returned.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloading one saved conversation as a Markdown file, in the interface language. */
export function useMarkdownExport(): (conversation: SavedConversation) => void {
  const { t, language } = useTranslation('history');
  const { t: chat } = useTranslation('chat');
  return (conversation) => {
    const title = conversationTitle(conversation) || t('untitled');
    const markdown = conversationMarkdown(conversation, {
      title,
      saved: t('export.saved', { date: formatDateTime(conversation.updatedAt, language) }),
      you: chat('you'),
      mentor: chat('mentorName'),
      sources: chat('reply.sources'),
      origin: window.location.origin,
    });
    downloadFile(markdownFileName(title, t('untitled')), markdown, 'text/markdown;charset=utf-8');
  };
}
