import type { OAuthAuthorizationClient } from '@supabase/auth-js';
import type { TFunction } from 'i18next';

/** An OAuth client's name as shown: its registered name, or a plain "unnamed app". */
export function appName(client: Partial<OAuthAuthorizationClient>, t: TFunction<'auth'>): string {
  return client.name?.trim() || t('consent.unnamedApp');
}
