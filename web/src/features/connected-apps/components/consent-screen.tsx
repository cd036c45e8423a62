import { useEffect, useId } from 'react';
import type { OAuthAuthorizationDetails } from '@supabase/auth-js';
import { Button } from '@/components/ui/button.tsx';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { displayAddress } from '../app-address.ts';
import { consentProblem } from '../consent-failure.ts';
import { leaveTo, useAuthorization, type Decision } from '../use-authorization.ts';
import { appName } from '../app-name.ts';
import { AppIdentity } from './app-identity.tsx';
import { ConsentProblem } from './consent-problem.tsx';
import { ScopeList } from './scope-list.tsx';

/**
 * "Sign in with Parťák", signed in: which app asks, as which account, for what, and where the
 * answer goes; Allow or Deny sends the browser back to the app. `go` leaves the page (a test
 * passes its own).
 */
export function ConsentScreen({
  authorizationId,
  go = leaveTo,
}: {
  authorizationId: string;
  go?: (url: string) => void;
}) {
  const { t: errors } = useTranslation('errors');
  const { t } = useTranslation('auth');
  const { loaded, deciding, decisionError, leaving, decide, retry } = useAuthorization(
    authorizationId,
    go,
  );

  if (leaving) {
    return (
      <p role="status" className="text-lg text-slate-900">
        {t('consent.leaving')}
      </p>
    );
  }
  const failure = loaded?.kind === 'failed' ? loaded.error : decisionError;
  const problem = failure === undefined ? undefined : consentProblem(failure);
  if (problem) return <ConsentProblem message={t(`consent.${problem}`)} />;
  if (loaded?.kind === 'failed') {
    return <ConsentProblem message={errorMessage(loaded.error, errors)} onRetry={retry} />;
  }
  if (!loaded) return <PageSpinner />;
  return (
    <ConsentDetails
      details={loaded.details}
      deciding={deciding}
      failure={decisionError === undefined ? undefined : errorMessage(decisionError, errors)}
      onDecide={(decision) => void decide(decision)}
    />
  );
}

function ConsentDetails({
  details,
  deciding,
  failure,
  onDecide,
}: {
  details: OAuthAuthorizationDetails;
  deciding: Decision | undefined;
  failure: string | undefined;
  onDecide: (decision: Decision) => void;
}) {
  const { t } = useTranslation('auth');
  const headingId = useId();
  const scopesId = useId();
  const returnHost = displayAddress(details.redirect_uri);
  // Arriving here (or signed in just now, the dialog gone), focus is nowhere: it starts at the
  // request, so a screen reader reads which app asks first.
  useEffect(() => {
    if (document.activeElement === document.body) document.getElementById(headingId)?.focus();
  }, [headingId]);
  return (
    <SectionCard labelledBy={headingId} busy={deciding !== undefined}>
      <AppIdentity client={details.client} headingId={headingId} focusable />
      <p className="text-slate-800">{t('consent.asks', { app: appName(details.client, t) })}</p>
      {details.user.email && (
        <p className="font-medium break-all text-slate-900">
          {t('consent.account', { email: details.user.email })}
        </p>
      )}
      <div className="flex flex-col gap-2">
        <h3 id={scopesId} className="font-semibold text-slate-900">
          {t('consent.scopesTitle')}
        </h3>
        <ScopeList scopes={details.scope} labelledBy={scopesId} />
      </div>
      {returnHost && (
        <p className="break-words text-slate-700">{t('consent.returnTo', { host: returnHost })}</p>
      )}
      <p className="text-sm text-slate-600">{t('consent.trust')}</p>
      {failure && (
        <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-red-800">
          {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          disabled={deciding !== undefined}
          onClick={() => onDecide('deny')}
        >
          {t('consent.deny')}
        </Button>
        <Button disabled={deciding !== undefined} onClick={() => onDecide('approve')}>
          {t('consent.approve')}
        </Button>
      </div>
    </SectionCard>
  );
}
