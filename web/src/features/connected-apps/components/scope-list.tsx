import { Check } from 'lucide';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { scopeSentences } from '../scopes.ts';

/** What an app may do with the account, one sentence a line. */
export function ScopeList({
  scopes,
  labelledBy,
}: {
  scopes: string | readonly string[];
  labelledBy?: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <ul aria-labelledby={labelledBy} className="flex flex-col gap-1.5">
      {scopeSentences(scopes, t).map((sentence) => (
        <li key={sentence} className="flex items-start gap-2 text-slate-800">
          <Icon icon={Check} className="mt-0.5 text-brand-700" />
          <span className="break-words">{sentence}</span>
        </li>
      ))}
    </ul>
  );
}
