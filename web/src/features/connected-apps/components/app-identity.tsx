import { useState } from 'react';
import type { OAuthAuthorizationClient } from '@supabase/auth-js';
import { useTranslation } from '@/i18n/use-translation.ts';
import { displayAddress, logoAddress } from '../app-address.ts';
import { appName } from '../app-name.ts';

/**
 * Which app it is: its logo (only a web address, as an image with a text alternative; an initial
 * stands in when there is none or it does not load), its name as a heading, and its site's host.
 * Everything comes from the app's registration, so it is shown as text, never as markup.
 */
export function AppIdentity({
  client,
  headingId,
  level = 'h2',
  focusable = false,
}: {
  client: Partial<OAuthAuthorizationClient>;
  headingId?: string;
  level?: 'h2' | 'h3';
  /** The heading can take focus (from script only), for a screen that starts with it. */
  focusable?: boolean;
}) {
  const { t } = useTranslation('auth');
  const name = appName(client, t);
  const logo = logoAddress(client.logo_uri);
  const [logoFailed, setLogoFailed] = useState(false);
  const host = displayAddress(client.uri);
  const Heading = level;
  return (
    <div className="flex min-w-0 items-center gap-3">
      {logo && !logoFailed ? (
        <img
          src={logo}
          alt={t('consent.logoAlt', { app: name })}
          width={48}
          height={48}
          referrerPolicy="no-referrer"
          onError={() => setLogoFailed(true)}
          className="size-12 shrink-0 rounded-2xl object-contain ring-1 ring-slate-200"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-xl font-bold text-brand-700"
        >
          {name.charAt(0).toUpperCase()}
        </span>
      )}
      <span className="flex min-w-0 flex-col">
        <Heading
          id={headingId}
          tabIndex={focusable ? -1 : undefined}
          className="text-lg font-semibold break-words text-slate-900 focus:outline-none"
        >
          {name}
        </Heading>
        {host && <span className="text-sm break-all text-slate-600">{host}</span>}
      </span>
    </div>
  );
}
