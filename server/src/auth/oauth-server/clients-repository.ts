import { createHash } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oauthClients } from '../../db/schema/index.ts';
import { endClientSessions } from '../tokens/sessions-repository.ts';
import { randomToken, safeEqual } from '../../lib/secure-random.ts';
import { isUuid } from '../../lib/secure-random.ts';
import type { Page } from '../admin/users-list.ts';
import type { NewClient, RegisterParams, UpdateParams } from './client-params.ts';

export type ClientRow = typeof oauthClients.$inferSelect;

/**
 * A client secret: 32 random bytes. Only its SHA-256 is stored — a fast hash is enough, as the
 * secret is random and long (nothing to guess from a dictionary), and the admin sees it once.
 */
export function newClientSecret(): { secret: string; hash: string } {
  const secret = randomToken();
  return { secret, hash: secretHash(secret) };
}

const secretHash = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** Whether `given` is the client's secret, compared as hashes in constant time. */
export function secretMatches(client: ClientRow, given: string): boolean {
  return client.clientSecretHash !== null && safeEqual(secretHash(given), client.clientSecretHash);
}

/** The client as GoTrue shows it (OAuthServerClientResponse); the secret only when given. */
export function clientResponse(client: ClientRow, secret?: string) {
  return {
    client_id: client.id,
    ...(secret ? { client_secret: secret } : {}),
    client_type: client.clientType,
    redirect_uris: client.redirectUris,
    token_endpoint_auth_method: client.tokenEndpointAuthMethod,
    grant_types: client.grantTypes,
    response_types: ['code'],
    ...(client.clientName ? { client_name: client.clientName } : {}),
    ...(client.clientUri ? { client_uri: client.clientUri } : {}),
    ...(client.logoUri ? { logo_uri: client.logoUri } : {}),
    registration_type: client.registrationType,
    created_at: client.createdAt.toISOString(),
    updated_at: client.updatedAt.toISOString(),
  };
}

/** Registers a client; a confidential one gets a secret, returned here once. */
export async function insertClient(
  db: Db,
  params: RegisterParams,
  settled: NewClient,
  registrationType: 'manual' | 'dynamic',
): Promise<{ client: ClientRow; secret?: string }> {
  const credentials = settled.clientType === 'confidential' ? newClientSecret() : undefined;
  const [client] = await db
    .insert(oauthClients)
    .values({
      registrationType,
      clientType: settled.clientType,
      tokenEndpointAuthMethod: settled.tokenEndpointAuthMethod,
      clientSecretHash: credentials?.hash ?? null,
      clientName: params.clientName || null,
      clientUri: params.clientUri || null,
      logoUri: params.logoUri || null,
      redirectUris: params.redirectUris,
      grantTypes: settled.grantTypes,
    })
    .returning();
  if (!client) throw new Error('inserting a client returned no row');
  return { client, ...(credentials ? { secret: credentials.secret } : {}) };
}

/** A client that exists and is not deleted; undefined for anything else, a malformed id too. */
export async function findClient(db: Db, id: string): Promise<ClientRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [client] = await db
    .select()
    .from(oauthClients)
    .where(and(eq(oauthClients.id, id), isNull(oauthClients.deletedAt)));
  return client;
}

/** A page of live clients, newest first, and how many there are. */
export async function listClients(db: Db, { page, perPage }: Page) {
  const live = isNull(oauthClients.deletedAt);
  const [counted] = await db
    .select({ total: sql<string>`count(*)::text` })
    .from(oauthClients)
    .where(live);
  const total = BigInt(counted?.total ?? '0');
  const offset = (page - 1n) * perPage;
  if (offset >= total) return { clients: [], total };
  const clients = await db
    .select()
    .from(oauthClients)
    .where(live)
    .orderBy(desc(oauthClients.createdAt), desc(oauthClients.id))
    .limit(Number(perPage < 1_000_000n ? perPage : 1_000_000n))
    .offset(Number(offset));
  return { clients, total };
}

/** Changes the fields given; the rest stay. */
export async function updateClient(db: Db, id: string, params: UpdateParams): Promise<ClientRow> {
  const [client] = await db
    .update(oauthClients)
    .set({
      ...(params.redirectUris ? { redirectUris: params.redirectUris } : {}),
      ...(params.grantTypes ? { grantTypes: params.grantTypes } : {}),
      ...(params.clientName !== undefined ? { clientName: params.clientName || null } : {}),
      ...(params.clientUri !== undefined ? { clientUri: params.clientUri || null } : {}),
      ...(params.logoUri !== undefined ? { logoUri: params.logoUri || null } : {}),
      ...(params.tokenEndpointAuthMethod
        ? { tokenEndpointAuthMethod: params.tokenEndpointAuthMethod }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(oauthClients.id, id))
    .returning();
  if (!client) throw new Error('updating a client returned no row');
  return client;
}

/** A new secret for a confidential client: the old one stops working at once. */
export async function replaceSecret(db: Db, id: string) {
  const { secret, hash } = newClientSecret();
  const [client] = await db
    .update(oauthClients)
    .set({ clientSecretHash: hash, updatedAt: new Date() })
    .where(eq(oauthClients.id, id))
    .returning();
  if (!client) throw new Error('replacing a secret returned no row');
  return { client, secret };
}

/**
 * Deletes a client as GoTrue does (the row stays, marked deleted, so ids are never reused) and
 * ends the sessions issued to it: a deleted app must not keep refreshing its users' tokens.
 */
export async function deleteClient(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(oauthClients).set({ deletedAt: new Date() }).where(eq(oauthClients.id, id));
    await endClientSessions(tx, id);
  });
}
