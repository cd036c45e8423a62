import { LogOut } from 'lucide';
import { Button } from '@/components/ui/button.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { AuthUser } from '@/lib/auth-state.ts';
import { useSignOut } from '@/lib/auth/use-sign-out.ts';

const FIELDS = ['email', 'id', 'provider'] as const;

/** The signed-in user's account: email, ID and sign-in method, and the way out. */
export function AccountDetails({ user }: { user: AuthUser }) {
  const { t } = useTranslation('auth');
  const { pending, signOut } = useSignOut();

  return (
    <SectionCard title={t('profile.details')}>
      <dl className="flex flex-col gap-3">
        {FIELDS.map((field) => (
          <div key={field} className="flex flex-col gap-0.5">
            <dt className="text-sm text-slate-600">{t(`profile.${field}`)}</dt>
            <dd className="font-medium break-all text-slate-900">{user[field]}</dd>
          </div>
        ))}
      </dl>
      <Button
        variant="secondary"
        disabled={pending}
        onClick={() => void signOut()}
        className="self-start"
      >
        <Icon icon={LogOut} />
        {t('profile.signOut')}
      </Button>
    </SectionCard>
  );
}
