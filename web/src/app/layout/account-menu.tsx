import { Link } from 'react-router';
import { Bell, ChevronDown, LogOut, UserRound } from 'lucide';
import { href } from '@partak/domain/routes';
import { Icon } from '@/components/ui/icon.tsx';
import { useSignOut } from '@/lib/auth/use-sign-out.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { AuthUser } from '@/lib/auth-state.ts';

const ACCOUNT_LINKS = [
  { to: href('profile'), icon: UserRound, label: 'menu.account.profile' },
  { to: href('notificationSettings'), icon: Bell, label: 'menu.account.notifications' },
] as const;

const entry =
  'flex w-full items-center gap-3 rounded-2xl px-4 py-3 font-medium hover:bg-white disabled:cursor-not-allowed disabled:text-slate-500';

/**
 * The signed-in user's block in the top-right menu: initial, email and "my account", opening to
 * the profile, the notification settings and sign-out. It shares the info sections' `name`, so only
 * one of them is open at a time (docs/product.md#screens-and-routes).
 */
export function AccountMenu({ user, onClose }: { user: AuthUser; onClose: () => void }) {
  const { t } = useTranslation();
  const { pending, signOut } = useSignOut();
  const initial = [...user.email][0]?.toLocaleUpperCase();

  return (
    <details name="menu-section" className="group rounded-2xl bg-brand-50">
      <summary className="flex cursor-pointer list-none items-center gap-3 rounded-2xl px-4 py-3 hover:bg-brand-100 [&::-webkit-details-marker]:hidden">
        <span
          aria-hidden="true"
          className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-700 text-lg font-bold text-white"
        >
          {initial ?? <Icon icon={UserRound} />}
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-semibold text-slate-900">{user.email}</span>
          <span className="text-sm text-slate-700">{t('menu.account.title')}</span>
        </span>
        <Icon
          icon={ChevronDown}
          className="size-5 text-slate-500 transition-transform group-open:rotate-180 motion-reduce:transition-none"
        />
      </summary>
      <ul className="flex flex-col gap-1 px-2 pb-2">
        {ACCOUNT_LINKS.map(({ to, icon, label }) => (
          <li key={label}>
            <Link to={to} onClick={onClose} className={entry}>
              <Icon icon={icon} className="size-5 text-brand-700" />
              {t(label)}
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            disabled={pending}
            onClick={() => void signOut().then((done) => done && onClose())}
            className={entry}
          >
            <Icon icon={LogOut} className="size-5 text-brand-700" />
            {t('menu.account.signOut')}
          </button>
        </li>
      </ul>
    </details>
  );
}
