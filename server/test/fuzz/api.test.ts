import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { newId } from '@partak/domain/ids';
import { apiUser, message, type ApiUser } from '../data-api.ts';
import { useTestApp } from '../helpers.ts';
import { nastyJson, nastyString } from './arbitraries.ts';
import { fuzzEndpoint, type Endpoint } from './harness.ts';
import { FUZZ_LIMITS, RUNS, SEED, TIMEOUT_MS } from './settings.ts';

/**
 * Every endpoint of /api/v1 under hostile bodies, query strings and headers (a hardening
 * test): no 5xx, nothing internal in an answer, every error `{code, error_code, message}`
 * with a documented code, and no trace in the database of a request that was refused.
 */
const t = useTestApp({ rateLimits: FUZZ_LIMITS });

const PASSWORD = 'dobre-heslo-123';
const timestamp = fc.oneof(
  { weight: 3, arbitrary: fc.constant('2026-11-20T10:00:00.000Z') },
  fc.constantFrom('2026-02-30T10:00:00Z', '0000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z'),
  nastyString,
);
const int = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 5 }) },
  fc.constantFrom(-3, 0, 30, 2 ** 31, 1.5, -0),
);
const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('Plán', 'Nabídka pro zákazníky', 'x'.repeat(200), ' ') },
  { weight: 1, arbitrary: nastyString },
);
/** Fields most requests leave out. */
const rarely = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
const chatMessage = fc.record({
  role: fc.constantFrom('user', 'user', 'assistant', 'system'),
  content: text,
  timestamp,
  mentor: rarely(nastyJson),
  sources: rarely(nastyJson),
});
const messages = fc.array(chatMessage, { minLength: 1, maxLength: 4 });
const event = fc.record({
  id: fc.oneof({ weight: 3, arbitrary: fc.uuid() }, nastyString),
  type: fc.constantFrom('message_sent', 'goal_completed', 'article_read', 'x'),
  at: timestamp,
  ref: rarely(text),
  label: rarely(text),
});

let ids = { goal: '', conversation: '' };

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/config' },
  {
    method: 'POST',
    path: '/chat',
    fields: {
      language: fc.constantFrom('cs', 'en', 'xx'),
      messages: fc
        .array(fc.record({ role: fc.constantFrom('user', 'assistant'), content: text }), {
          maxLength: 3,
        })
        .map((earlier) => [...earlier, { role: 'user', content: 'Jak mám začít?' }]),
      context: rarely(
        fc.record({ goals: fc.array(fc.record({ title: text, steps: int, done: int })) }),
      ),
    },
  },
  { method: 'GET', path: '/goals' },
  {
    method: 'POST',
    path: '/goals',
    fields: {
      id: fc.oneof({ weight: 3, arbitrary: fc.uuid() }, nastyString),
      title: text,
      milestones: rarely(int),
      completedMilestones: rarely(int),
      createdAt: rarely(timestamp),
      restore: rarely(fc.boolean()),
    },
  },
  {
    method: 'PATCH',
    path: '/goals/:id',
    ids: () => [ids.goal],
    fields: { version: int, title: rarely(text), milestones: rarely(int), stepDelta: int },
  },
  { method: 'DELETE', path: '/goals/:id', ids: () => [ids.goal] },
  { method: 'GET', path: '/conversations', query: 'limit=5&q=plan&before=x' },
  {
    method: 'POST',
    path: '/conversations',
    fields: {
      id: fc.uuid(),
      title: rarely(text),
      messages,
      createdAt: rarely(timestamp),
      restore: rarely(fc.boolean()),
    },
  },
  { method: 'DELETE', path: '/conversations' },
  { method: 'GET', path: '/conversations/:id', ids: () => [ids.conversation] },
  {
    method: 'PATCH',
    path: '/conversations/:id',
    ids: () => [ids.conversation],
    fields: { version: int, title: rarely(fc.oneof(text, fc.constant(null))), messages },
  },
  { method: 'DELETE', path: '/conversations/:id', ids: () => [ids.conversation] },
  { method: 'POST', path: '/activity', fields: { events: fc.array(event, { maxLength: 3 }) } },
  { method: 'GET', path: '/activity', query: 'timeZone=Europe/Prague' },
  { method: 'GET', path: '/settings' },
  {
    method: 'PATCH',
    path: '/settings',
    fields: {
      language: rarely(fc.constantFrom('cs', 'en', null, 'xx')),
      notifications: rarely(fc.boolean()),
      mentorSeesGoals: fc.boolean(),
    },
  },
  { method: 'GET', path: '/account/export' },
  {
    method: 'DELETE',
    path: '/account',
    fields: { password: fc.oneof(fc.constantFrom(PASSWORD, 'jine-heslo'), nastyString) },
  },
  { method: 'PUT', path: '/nothing-here' },
];

describe('fuzzing /api/v1', () => {
  let user: ApiUser;

  // Each endpoint is fuzzed by a user of its own, with a goal and a conversation to aim at.
  const newUser = async () => {
    user = await apiUser(t, `fuzz-${newId().slice(0, 6)}`);
    ids = { goal: newId(), conversation: newId() };
    await user.call('POST', '/goals', { id: ids.goal, title: 'Cíl' });
    await user.call('POST', '/conversations', {
      id: ids.conversation,
      messages: [message('user', 'Ahoj')],
    });
  };
  beforeEach(newUser);

  it.each(ENDPOINTS.map((e) => [`${e.method} ${e.path}${e.query ? `?${e.query}` : ''}`, e]))(
    '%s',
    async (_name, endpoint) => {
      const credentials = { apikey: t.apikey, token: () => user.token };
      const { pastTheGate } = await fuzzEndpoint(t, endpoint as Endpoint, credentials, {
        prefix: '/api/v1',
        numRuns: RUNS,
        seed: SEED,
        // A fuzzed account deletion that succeeded leaves no one to make the next requests.
        after: async (res) => {
          if (endpoint.path === '/account' && res.statusCode === 204) await newUser();
        },
      });
      // Some requests got past the token check, or the fuzzing proved little.
      expect(pastTheGate).toBeGreaterThan(0);
    },
    TIMEOUT_MS,
  );
});
