import { lazy } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { ConsentProblem } from '@/features/connected-apps/components/consent-problem.tsx';
import { ConsentScreen } from '@/features/connected-apps/components/consent-screen.tsx';
import { ConsentSignIn } from '@/features/connected-apps/components/consent-sign-in.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useAuthState } from '@/lib/auth-state.ts';

const AuthDialog = lazy(() =>
  import('@/features/sign-in/components/auth-dialog.tsx').then((m) => ({ default: m.AuthDialog })),
);

/**
 * The sign-in dialog, sending mailed links and Google or Apple back to this very request (the app
 * shell signs the returning visitor in and keeps the query).
 */
function SignInHere(props: { open: boolean; onClose: () => void }) {
  const { pathname, search } = useLocation();
  return <AuthDialog {...props} returnTo={`${window.location.origin}${pathname}${search}`} />;
}

/**
 * "Sign in with Parťák": the auth server's OAuth 2.1 authorize endpoint sends the browser here with
 * `?authorization_id=…`. Signed out, the page offers the sign-in dialog and then continues with
 * the request (after a mailed link or Google and Apple too); signed in, the user allows or
 * refuses it. Never prerendered: it exists only with its query.
 */
export function AuthorizeAppPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const auth = useAuthState();
  const authorizationId = params.get('authorization_id')?.trim();
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t('consent.title')} />
      {!authorizationId ? (
        <ConsentProblem message={t('consent.missing')} />
      ) : auth.status === 'signedIn' ? (
        <ConsentScreen
          key={`${auth.user.id}/${authorizationId}`}
          authorizationId={authorizationId}
        />
      ) : (
        <ConsentSignIn finishing={auth.status === 'needsSecondFactor'} SignInDialog={SignInHere} />
      )}
    </div>
  );
}
