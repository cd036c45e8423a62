import { useTranslation } from '@/i18n/use-translation.ts';

/**
 * What the mentor offers to a vague question (or to find out what someone does): short answers
 * to tap, each sent as the user's next message.
 */
export function ReplyChoices({
  choices,
  onChoose,
}: {
  choices: string[];
  onChoose: (choice: string) => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <ul aria-label={t('reply.choices')} className="flex flex-wrap gap-2 pt-1">
      {choices.map((choice) => (
        <li key={choice}>
          <button
            type="button"
            onClick={() => onChoose(choice)}
            className="rounded-full bg-brand-50 px-3 py-1.5 text-left text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:ring-brand-400"
          >
            {choice}
          </button>
        </li>
      ))}
    </ul>
  );
}
