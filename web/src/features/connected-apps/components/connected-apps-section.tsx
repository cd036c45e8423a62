import { useId, useState, type ComponentType } from 'react';
import type { OAuthGrant } from '@supabase/auth-js';
import { Unplug } from 'lucide';
import { Button } from '@/components/ui/button.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useGrants } from '../use-grants.ts';
import { appName } from '../app-name.ts';
import { AppIdentity } from './app-identity.tsx';
import { ScopeList } from './scope-list.tsx';

/** The confirmation the profile uses for removals, handed in by the route that composes both. */
export type ConfirmDialog = ComponentType<{
  title: string;
  text: string | undefined;
  removeLabel: string;
  onCancel: () => void;
  onRemove: () => void;
}>;

/**
 * Profile: the apps that sign in with the user's Parťák account ("Sign in with Parťák"), since
 * when and what each may do, and disconnecting one after a confirmation. Stays away until the
 * list is known, and for good when the auth server has no OAuth server.
 */
export function ConnectedAppsSection({ ConfirmDialog }: { ConfirmDialog: ConfirmDialog }) {
  const { t, language } = useTranslation('auth');
  const { state, pending, revoke, retry } = useGrants();
  const [confirming, setConfirming] = useState<OAuthGrant>();
  if (state.kind === 'loading' || state.kind === 'hidden') return null;

  return (
    <SectionCard
      title={t('connectedApps.title')}
      description={t('connectedApps.description')}
      busy={pending}
    >
      {state.kind === 'failed' && (
        <>
          <p role="alert" className="text-slate-700">
            {state.message}
          </p>
          <Button variant="secondary" onClick={retry} className="self-start">
            {t('connectedApps.retry')}
          </Button>
        </>
      )}
      {state.kind === 'ready' && state.grants.length === 0 && (
        <p className="text-slate-700">{t('connectedApps.none')}</p>
      )}
      {state.kind === 'ready' && state.grants.length > 0 && (
        <>
          <p className="text-slate-700">
            {t('connectedApps.count', { count: state.grants.length })}
          </p>
          <ul aria-label={t('connectedApps.listLabel')} className="flex flex-col gap-3">
            {state.grants.map((grant) => (
              <GrantItem
                key={grant.client.id}
                grant={grant}
                since={formatDateTime(grant.granted_at, language)}
                disabled={pending}
                onDisconnect={() => setConfirming(grant)}
              />
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        title={t('connectedApps.confirmTitle')}
        text={confirming && t('connectedApps.confirm', { app: appName(confirming.client, t) })}
        removeLabel={t('connectedApps.disconnect')}
        onCancel={() => setConfirming(undefined)}
        onRemove={() => {
          if (confirming) void revoke(confirming);
          setConfirming(undefined);
        }}
      />
    </SectionCard>
  );
}

function GrantItem({
  grant,
  since,
  disabled,
  onDisconnect,
}: {
  grant: OAuthGrant;
  since: string;
  disabled: boolean;
  onDisconnect: () => void;
}) {
  const { t } = useTranslation('auth');
  const canDoId = useId();
  return (
    <li className="flex flex-col gap-3 rounded-2xl px-4 py-3 ring-1 ring-slate-200">
      <AppIdentity client={grant.client} level="h3" />
      <p className="text-sm text-slate-600">{t('connectedApps.since', { date: since })}</p>
      <div className="flex flex-col gap-1.5">
        <p id={canDoId} className="text-sm font-medium text-slate-700">
          {t('connectedApps.canDo')}
        </p>
        <ScopeList scopes={grant.scopes} labelledBy={canDoId} />
      </div>
      <Button
        variant="secondary"
        disabled={disabled}
        aria-label={t('connectedApps.disconnectLabel', { app: appName(grant.client, t) })}
        onClick={onDisconnect}
        className="self-start"
      >
        <Icon icon={Unplug} />
        {t('connectedApps.disconnect')}
      </Button>
    </li>
  );
}
