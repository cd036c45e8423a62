import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { AuthError } from './auth-error.ts';
import { field, readBody, readInput, readQuery, requestInput } from './request-input.ts';

const params = requestInput(
  'SignupParams',
  z.object({ email: field.string, data: field.map, ok: field.bool, uris: field.strings }),
);

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AuthError)
      return { status: error.status, code: error.errorCode, message: error.message };
    throw error;
  }
  throw new Error('not refused');
};

describe('readInput: a body read as GoTrue decodes one', () => {
  it('no body and null are empty params; null fields are absent; unknown fields are ignored', () => {
    expect(readInput(undefined, params)).toEqual({});
    expect(readInput(null, params)).toEqual({});
    expect(readInput({ email: null, extra: 1, ok: true }, params)).toEqual({ ok: true });
  });

  it('refuses a body that is no object with GoTrue bad_json', () => {
    expect(refusal(() => readInput([1], params))).toEqual({
      status: 400,
      code: 'bad_json',
      message:
        'Could not parse request body as JSON: json: cannot unmarshal array into Go value of type api.SignupParams',
    });
    expect(refusal(() => readInput('text', params)).message).toContain('unmarshal string into');
  });

  it('names a field of the wrong type as Go does', () => {
    expect(refusal(() => readInput({ email: 7 }, params)).message).toBe(
      'Could not parse request body as JSON: json: cannot unmarshal number into Go struct field SignupParams.email of type string',
    );
    expect(refusal(() => readInput({ data: 'x' }, params)).message).toContain(
      'SignupParams.data of type map[string]interface {}',
    );
    expect(refusal(() => readInput({ ok: 'yes' }, params)).message).toContain(
      'cannot unmarshal string into Go struct field SignupParams.ok of type bool',
    );
    expect(refusal(() => readInput({ uris: ['a', 2] }, params)).message).toContain(
      'cannot unmarshal number into Go struct field SignupParams.uris of type string',
    );
  });

  it("answers in a route's own words when it has them", () => {
    const own = requestInput('X', z.object({ a: field.string }), {
      refuse: () => new AuthError(400, 'validation_failed', 'Invalid X'),
    });
    expect(refusal(() => readInput({ a: 1 }, own))).toMatchObject({ code: 'validation_failed' });
  });

  it('keeps null where the route reads the raw value, and may require a body', () => {
    const raw = requestInput('R', z.object({ credential: field.raw }), { bodyRequired: true });
    expect(readInput({ credential: null }, raw)).toEqual({ credential: null });
    expect(refusal(() => readInput(undefined, raw)).code).toBe('bad_json');
  });
});

describe('readBody and readQuery', () => {
  const request = (parts: { body?: unknown; query?: unknown }) => parts as FastifyRequest;

  it('reads the body of a form just like JSON (an object of strings)', () => {
    expect(readBody(request({ body: { email: 'a@b.cz' } }), params)).toEqual({ email: 'a@b.cz' });
  });

  it("reads the first value of a repeated query parameter, as Go's Query().Get", () => {
    const query = requestInput('Q', z.object({ type: field.string }));
    expect(readQuery(request({ query: { type: ['signup', 'x'] } }), query)).toEqual({
      type: 'signup',
    });
    expect(readQuery(request({ query: undefined }), query)).toEqual({});
  });
});
