import { useTranslation } from '@/i18n/use-translation.ts';

const PROMPTS = ['customers', 'productivity', 'ad', 'motivation'] as const;

/** The empty chat's four suggestions; choosing one sends it. */
export function SuggestedPrompts({ onPick }: { onPick: (prompt: string) => void }) {
  const { t } = useTranslation('chat');
  return (
    <section aria-labelledby="chat-empty-title" className="flex flex-col gap-4 py-6 text-center">
      <div className="flex flex-col gap-1">
        <h2 id="chat-empty-title" className="text-lg font-bold text-slate-900">
          {t('empty.title')}
        </h2>
        <p className="text-slate-600">{t('empty.description')}</p>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {PROMPTS.map((prompt) => (
          <li key={prompt}>
            <button
              type="button"
              onClick={() => onPick(t(`prompts.${prompt}`))}
              className="w-full rounded-2xl bg-white px-4 py-3 text-left text-slate-900 shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-300"
            >
              {t(`prompts.${prompt}`)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
