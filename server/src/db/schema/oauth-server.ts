import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { ownerId, timestamps, uuidPrimaryKey } from './columns.ts';
import { users } from './users.ts';

/**
 * Third-party applications that may ask our users for access (GoTrue's OAuth 2.1 server,
 * `oauth_clients`). The id is the public `client_id`. A confidential client's secret is kept only
 * as a SHA-256 hash: it is shown once, at creation or regeneration, and a database leak must not
 * hand it out. Deleting a client keeps the row (`deleted_at`), as GoTrue does.
 */
export const oauthClients = pgTable('oauth_clients', {
  id: uuidPrimaryKey(),
  /** `manual` (admin API) or `dynamic` (RFC 7591 registration). */
  registrationType: text('registration_type').notNull(),
  /** `public` (no secret: native and browser apps) or `confidential`. */
  clientType: text('client_type').notNull(),
  tokenEndpointAuthMethod: text('token_endpoint_auth_method').notNull(),
  clientSecretHash: text('client_secret_hash'),
  clientName: text('client_name'),
  clientUri: text('client_uri'),
  logoUri: text('logo_uri'),
  redirectUris: text('redirect_uris').array().notNull(),
  grantTypes: text('grant_types').array().notNull(),
  ...timestamps,
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/**
 * One authorization request (GET /oauth/authorize) from pending to approved, denied or expired.
 * `authorization_id` is the public handle the consent page gets; the code issued on approval is
 * kept only hashed, used once (the row is deleted when it is redeemed) and expires.
 */
export const oauthAuthorizations = pgTable(
  'oauth_authorizations',
  {
    id: uuidPrimaryKey(),
    authorizationId: text('authorization_id').notNull().unique(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    /** Set when the signed-in user first opens the request; from then on it is theirs alone. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    scope: text('scope').notNull(),
    state: text('state'),
    resource: text('resource'),
    codeChallenge: text('code_challenge').notNull(),
    /** `s256` or `plain`, lower-cased as GoTrue stores it. */
    codeChallengeMethod: text('code_challenge_method').notNull(),
    nonce: text('nonce'),
    status: text('status').notNull().default('pending'),
    codeHash: text('code_hash').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (table) => [index('oauth_authorizations_expires_at_idx').on(table.expiresAt)],
);

/** What a user granted a client (scopes), so a later request for no more is approved at once. */
export const oauthConsents = pgTable(
  'oauth_consents',
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    /** Space-separated, as in the authorization request. */
    scopes: text('scopes').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [unique('oauth_consents_user_client_key').on(table.userId, table.clientId)],
);
