import { useState } from 'react';
import { Quote } from 'lucide';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

const QUOTES = ['q1', 'q2', 'q3'] as const;

/** One of three motivational quotes, picked at random when the chat opens. */
export function MotivationalQuote() {
  const { t } = useTranslation('chat');
  const [quote] = useState(() => QUOTES[Math.floor(Math.random() * QUOTES.length)] ?? 'q1');
  return (
    <figure className="flex items-start gap-3 rounded-2xl bg-accent-100 px-4 py-3 text-sm text-slate-800">
      <Icon icon={Quote} className="mt-0.5 size-4 text-accent-700" />
      <blockquote className="italic">{t(`quotes.${quote}`)}</blockquote>
    </figure>
  );
}
