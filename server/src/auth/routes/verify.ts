import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { requireEmailFormat } from '../policies/credential-rules.ts';
import {
  HALF_DONE_MESSAGE,
  isLinkType,
  isPhoneType,
  LINK_TYPES,
  methodOf,
  useEmailLink,
  type LinkOutcome,
} from '../verification/email-links.ts';
import { PKCE_PREFIX } from '../verification/link-mail.ts';
import { redirectErrorOf } from '../providers/redirects.ts';
import { issueAuthCode } from '../tokens/pkce.ts';
import { validatePhone } from '../users/phone-users.ts';
import { field, goTrueBadJson, readBody, readQuery, requestInput } from '../http/request-input.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import { safeRedirect } from '../http/request-details.ts';
import { startSession } from '../tokens/session-response.ts';
import { useEmailCode, usePhoneCode } from '../verification/verify-codes.ts';

const verifyFields = {
  type: field.string,
  token: field.string,
  token_hash: field.string,
  email: field.string,
  phone: field.string,
  redirect_to: field.string,
};

/** GoTrue's VerifyParams; a field of the wrong type is named in this API's own words. */
const verifyParams = requestInput('VerifyParams', z.object(verifyFields), {
  refuse: (wrong) =>
    wrong.field
      ? new AuthError(
          400,
          'bad_json',
          `Could not parse request body as JSON: ${wrong.field} has the wrong type`,
        )
      : goTrueBadJson(wrong),
});

const verifyQuery = requestInput('VerifyParams', z.object(verifyFields));

const invalid = (message: string) => new AuthError(400, 'validation_failed', message);
const NO_TYPE = () => invalid('Verify requires a verification type');
const BAD_EMAIL_TYPE = () => invalid('Invalid email verification type');
const CODE_EXPIRED = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
const LINK_EXPIRED = () =>
  new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');

/**
 * GET /verify: the link in a mail, answered with a 303 back to the app, as GoTrue's
 * https://github.com/supabase/auth/blob/master/internal/api/verify.go does.
 * Implicit links carry the session in the URL fragment (never the query, so it reaches neither
 * server logs nor Referer headers); PKCE links (`pkce_…`) carry only a short-lived auth code that
 * is useless without the verifier kept by the browser that started the flow.
 * POST /verify: a link's `token_hash`, or the 6-digit code from a mail or a text
 * with the `email` or `phone` it went to, answered with the session as JSON.
 */
export function verifyRoute(app: FastifyInstance, context: AuthContext): void {
  const config = rateLimitFor(context.rateLimits.verify, 'verify');

  app.post('/verify', { config }, async (request) => {
    const outcome = await verifyPosted(context, readBody(request, verifyParams));
    if (outcome.kind === 'half_done') return { msg: HALF_DONE_MESSAGE, code: '200' };
    const { record, type, action } = outcome;
    return startSession(context, request, record.user.id, methodOf(type), { audit: { action } });
  });

  app.get('/verify', { config }, async (request, reply) => {
    const query = readQuery(request, verifyQuery);
    if (!query.type) throw NO_TYPE();
    if (!query.token) throw invalid('Verify requires a token or a token hash');
    const { type, token } = query;
    const pkce = token.startsWith(PKCE_PREFIX);
    const back = redirectTo(reply, safeRedirect(query.redirect_to, context.siteUrl));
    try {
      if (!isLinkType(type)) throw BAD_EMAIL_TYPE();
      const outcome = await useEmailLink(context, token.replace(PKCE_PREFIX, ''), type);
      if (outcome.kind === 'invalid') throw LINK_EXPIRED();
      if (outcome.kind === 'half_done')
        return back({ fragment: { message: HALF_DONE_MESSAGE }, query: pkce });
      return await answerLink(context, request, back, outcome, pkce);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      return back({ fragment: { ...redirectErrorOf(error) }, query: pkce });
    }
  });
}

type Posted = z.output<typeof verifyParams.schema>;

type Accepted = Exclude<LinkOutcome, { kind: 'invalid' }>;

/** GoTrue's checks, in GoTrue's order, then the token or code used (403 when it is no good). */
async function verifyPosted(context: AuthContext, input: Posted): Promise<Accepted> {
  const { type, token, token_hash: tokenHash, email, phone } = input;
  if (!type) throw NO_TYPE();
  if (!token === !tokenHash) throw invalid('Verify requires either a token or a token hash');
  let outcome: LinkOutcome;
  if (tokenHash) {
    if (email || phone || input.redirect_to)
      throw invalid('Only the token_hash and type should be provided');
    if (!isLinkType(type)) throw BAD_EMAIL_TYPE();
    outcome = await useEmailLink(context, tokenHash.replace(PKCE_PREFIX, ''), type);
    if (outcome.kind === 'invalid') throw LINK_EXPIRED();
    return outcome;
  }
  const code = token ?? '';
  if (phone && !email) {
    const number = validatePhone(phone);
    // Any other type with a phone finds no user in GoTrue: the same 403.
    outcome = isPhoneType(type)
      ? await usePhoneCode(context, number, code, type)
      : { kind: 'invalid' };
  } else if (email && !phone) {
    checkEmail(email);
    outcome = isLinkType(type)
      ? await useEmailCode(context, email, code, type)
      : { kind: 'invalid' };
  } else {
    throw invalid('Only an email address or phone number should be provided on verify');
  }
  if (outcome.kind === 'invalid') throw CODE_EXPIRED();
  return outcome;
}

/** GoTrue refuses a malformed address with a code as 422, not the usual 400. */
function checkEmail(email: string): void {
  try {
    if (email.length > 255) throw invalid('An email address is too long');
    requireEmailFormat(email);
  } catch {
    throw new AuthError(422, 'validation_failed', 'Invalid email format');
  }
}

type Back = ReturnType<typeof redirectTo>;

/** A verified link: an auth code for the flow it finishes (PKCE), or the session itself. */
async function answerLink(
  context: AuthContext,
  request: FastifyRequest,
  back: Back,
  outcome: Extract<Accepted, { kind: 'verified' }>,
  pkce: boolean,
) {
  const { record, type, action } = outcome;
  if (pkce && isLinkType(type)) {
    const code = await issueAuthCode(context.db, record.user.id, LINK_TYPES[type].flow);
    if (!code) throw new AuthError(400, 'flow_state_not_found', 'No associated flow state found');
    return back({ code });
  }
  const wire = await startSession(context, request, record.user.id, methodOf(type), {
    audit: { action },
  });
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
}

/**
 * A 303 back to the app: an auth code in the query; or values in the fragment (with Supabase's
 * `sb` marker), those of a PKCE flow in the query as well, since that client reads the query.
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
