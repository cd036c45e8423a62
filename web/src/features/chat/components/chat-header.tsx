import { Link } from 'react-router';
import { History, Plus, Save } from 'lucide';
import { href } from '@partak/domain/routes';
import { Button } from '@/components/ui/button.tsx';
import { DocumentTitle } from '@/components/ui/document-title.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

export function ChatHeader({ onSave, onNew }: { onSave: () => void; onNew: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <header className="flex flex-wrap items-center justify-between gap-2">
      <DocumentTitle title={t('title')} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
      <div className="flex gap-1">
        <Link
          to={href('history')}
          className="flex size-11 items-center justify-center rounded-2xl text-slate-700 hover:bg-slate-100"
        >
          <Icon icon={History} />
          <span className="sr-only">{t('history')}</span>
        </Link>
        <Button variant="secondary" onClick={onSave} className="px-3">
          <Icon icon={Save} className="size-4" />
          {t('save')}
        </Button>
        <Button variant="secondary" onClick={onNew} className="px-3">
          <Icon icon={Plus} className="size-4" />
          {t('new')}
        </Button>
      </div>
    </header>
  );
}
