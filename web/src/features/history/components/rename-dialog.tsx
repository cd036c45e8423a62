import { useId, useState, type FormEvent } from 'react';
import {
  CONVERSATION_TITLE_MAX_LENGTH,
  conversationTitle,
  type SavedConversation,
} from '@partak/domain/chat';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

/**
 * The title to keep for what was typed: trimmed and within the limit, or '' for the automatic
 * title (a blank field, or the automatic title left as it was); undefined when nothing changes.
 */
export function titleToSave(conversation: SavedConversation, typed: string): string | undefined {
  const title = typed.trim().slice(0, CONVERSATION_TITLE_MAX_LENGTH).trim();
  const automatic = conversationTitle({ messages: conversation.messages });
  const next = title === automatic ? '' : title;
  return next === (conversation.title ?? '') ? undefined : next;
}

/**
 * Renaming a saved conversation, in a modal dialog: the browser keeps focus inside and, when it
 * closes (Save, Cancel, Escape), gives focus back to the Rename button that opened it.
 */
export function RenameDialog({
  conversation,
  onRename,
  onClose,
}: {
  conversation: SavedConversation | undefined;
  onRename: (conversation: SavedConversation, title: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('history');
  return (
    <Dialog open={conversation !== undefined} onClose={onClose} title={t('rename.title')}>
      {conversation && (
        <RenameForm
          key={conversation.id}
          conversation={conversation}
          onSubmit={(title) => {
            const next = titleToSave(conversation, title);
            if (next !== undefined) onRename(conversation, next);
            onClose();
          }}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}

function RenameForm({
  conversation,
  onSubmit,
  onCancel,
}: {
  conversation: SavedConversation;
  onSubmit: (title: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('history');
  const id = useId();
  const [title, setTitle] = useState(() => conversationTitle(conversation));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(title);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <label htmlFor={id} className="font-semibold text-slate-900">
        {t('rename.label')}
      </label>
      <input
        id={id}
        // The dialog focuses the element marked autofocus when it opens (React's autoFocus would
        // focus it before the dialog is shown).
        ref={(input) => input?.setAttribute('autofocus', '')}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        maxLength={CONVERSATION_TITLE_MAX_LENGTH}
        autoComplete="off"
        enterKeyHint="done"
        aria-describedby={`${id}-hint`}
        className="min-h-11 rounded-2xl border border-slate-300 bg-white px-4 py-2.5 text-base text-slate-900 focus:border-brand-700"
      />
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {t('rename.hint', { max: CONVERSATION_TITLE_MAX_LENGTH })}
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('rename.cancel')}
        </Button>
        <Button type="submit">{t('rename.save')}</Button>
      </div>
    </form>
  );
}
