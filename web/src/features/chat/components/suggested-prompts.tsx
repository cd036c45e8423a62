import { QuestionList } from '@/components/ui/question-list.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

const PROMPTS = ['customers', 'productivity', 'ad', 'motivation'] as const;

/** The empty chat's four suggestions; choosing one sends it. */
export function SuggestedPrompts({ onPick }: { onPick: (prompt: string) => void }) {
  const { t } = useTranslation('chat');
  return (
    <QuestionList
      id="chat-empty-title"
      title={t('empty.title')}
      hint={t('empty.description')}
      questions={PROMPTS.map((prompt) => t(`prompts.${prompt}`))}
      onPick={onPick}
      compact
    />
  );
}
