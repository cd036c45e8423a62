import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../auth-error.ts';
import { HALF_DONE_MESSAGE, isLinkType, LINK_TYPES, useEmailLink } from '../email-links.ts';
import type { LinkType } from '../email-links.ts';
import { FLOW_METHODS, PKCE_PREFIX } from '../link-mail.ts';
import { issueAuthCode } from '../pkce.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import { safeRedirect } from '../request-details.ts';
import { startSession } from '../session-response.ts';
import type { UserRecord } from '../users-repository.ts';

const LINK_EXPIRED = {
  error: 'access_denied',
  error_code: 'otp_expired',
  error_description: 'Email link is invalid or has expired',
};

const requireType = (value: unknown): LinkType => {
  if (!isLinkType(value))
    throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
  return value;
};

const requireToken = (value: unknown): string => {
  if (typeof value !== 'string' || value === '')
    throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash');
  return value;
};

/**
 * GET /verify: the link in a mail (contract §2.6, §4.7), answered with a 303 back to the app.
 * Implicit links carry the session in the URL fragment (never the query, so it reaches neither
 * server logs nor Referer headers); PKCE links (`pkce_…`) carry only a short-lived auth code that
 * is useless without the verifier kept by the browser that started the flow.
 * POST /verify: the same with `token_hash`, answered with the session as JSON.
 */
export function verifyRoute(app: FastifyInstance, context: AuthContext): void {
  const config = rateLimitFor(context.rateLimits.verify, 'verify');

  app.post('/verify', { config }, async (request) => {
    const input = (request.body ?? {}) as Record<string, unknown>;
    const type = requireType(input.type);
    const token = requireToken(input.token_hash).replace(PKCE_PREFIX, '');
    const outcome = await useEmailLink(context, token, type);
    if (outcome.kind === 'invalid')
      throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
    if (outcome.kind === 'half_done') return { msg: HALF_DONE_MESSAGE, code: 200 };
    return signIn(context, request, outcome.record, type);
  });

  app.get('/verify', { config }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const type = requireType(query.type);
    const raw = requireToken(query.token);
    const pkce = raw.startsWith(PKCE_PREFIX);
    const back = redirectTo(reply, safeRedirect(query.redirect_to, context.siteUrl));

    const outcome = await useEmailLink(context, raw.replace(PKCE_PREFIX, ''), type);
    if (outcome.kind === 'invalid') return back({ fragment: LINK_EXPIRED, query: pkce });
    if (outcome.kind === 'half_done') return back({ fragment: { message: HALF_DONE_MESSAGE } });
    if (pkce && type !== 'email_change') {
      // The flow a PKCE link of this type started (invite and magiclink are GoTrue's own names).
      const method = type in FLOW_METHODS ? FLOW_METHODS[type as keyof typeof FLOW_METHODS] : type;
      const code = await issueAuthCode(context.db, outcome.record.user.id, method);
      if (!code) {
        const missing = {
          error: 'invalid_request',
          error_code: 'flow_state_not_found',
          error_description: 'No associated flow state found',
        };
        return back({ fragment: missing, query: true });
      }
      return back({ code });
    }
    const wire = await signIn(context, request, outcome.record, type);
    return back({
      fragment: {
        access_token: wire.access_token,
        expires_at: String(wire.expires_at),
        expires_in: String(wire.expires_in),
        refresh_token: wire.refresh_token,
        token_type: 'bearer',
        type,
      },
    });
  });
}

async function signIn(
  context: AuthContext,
  request: FastifyRequest,
  record: UserRecord,
  type: LinkType,
) {
  const action =
    type === 'signup' || type === 'invite'
      ? 'user_signedup'
      : type === 'email_change'
        ? 'user_modified'
        : 'login';
  return startSession(context, request, record.user.id, LINK_TYPES[type].method, {
    audit: { action },
  });
}

/**
 * A 303 back to the app: an auth code in the query; or values in the fragment (with Supabase's
 * `sb` marker), errors of a PKCE flow in the query as well, since that client reads the query.
 */
function redirectTo(reply: FastifyReply, target: string) {
  return (parts: { code?: string; fragment?: Record<string, string>; query?: boolean }) => {
    const url = new URL(target);
    url.hash = '';
    if (parts.code) url.searchParams.set('code', parts.code);
    if (parts.fragment && parts.query) {
      for (const [key, value] of Object.entries(parts.fragment)) url.searchParams.set(key, value);
    }
    const hash = parts.fragment ? `#${new URLSearchParams({ ...parts.fragment, sb: '' })}` : '';
    return reply.redirect(`${url.toString()}${hash}`, 303);
  };
}
