/** JSON-RPC parsing: the raw id scan and the classification of a POST body into a message. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rawMember } from '../src/mcp/json-member.ts';
import { parseMessage } from '../src/mcp/json-rpc.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('rawMember', () => {
  it.each([
    ['an integer past 2^53', '{"id":12345678901234567890}', '12345678901234567890'],
    ['a decimal integer', '{"id":1.0}', '1.0'],
    ['an exponent', '{"id":1e3}', '1e3'],
    ['a negative zero', '{"id":-0}', '-0'],
    ['a string with escapes', '{"id":"a\\"b\\\\c\\u0041"}', '"a\\"b\\\\c\\u0041"'],
    ['null', '{"id":null}', 'null'],
    ['an object', '{"id":{"a":[1,{"b":"}"}]}}', '{"a":[1,{"b":"}"}]}'],
    ['an array', '{"id":[1,"]",[2]]}', '[1,"]",[2]]'],
    ['true', '{"id":true}', 'true'],
  ])('returns %s as written', (_, json, raw) => {
    expect(rawMember(json, 'id')).toBe(raw);
  });

  it('skips whitespace around keys, colons and values', () => {
    expect(rawMember(' {\n\t"method" : "ping" ,\r\n "id"\t:\n 7 \n} ', 'id')).toBe('7');
  });

  it('ignores members named id inside nested values and inside strings', () => {
    const json = '{"params":{"id":1,"x":["{\\"id\\":2}"]},"note":"\\"id\\":3","id":"top"}';
    expect(rawMember(json, 'id')).toBe('"top"');
  });

  it('takes the last of repeated members, as JSON.parse does', () => {
    const json = '{"id":1,"method":"ping","id":"second"}';
    expect(rawMember(json, 'id')).toBe('"second"');
    expect(JSON.parse(json).id).toBe('second');
  });

  it('matches a key written with escapes by its value', () => {
    expect(rawMember('{"\\u0069d":5}', 'id')).toBe('5');
  });

  it.each(['[{"id":1}]', '"id"', '1', 'null', '{}', '{"ids":1,"i":2}'])('finds nothing in %s', (json) => {
    expect(rawMember(json, 'id')).toBeUndefined();
  });

  it('agrees with JSON.parse for any object, however it is indented', () => {
    const objects = fc.dictionary(fc.string(), fc.jsonValue());
    fc.assert(
      fc.property(objects, fc.jsonValue(), fc.integer({ min: 0, max: 4 }), (members, id, indent) => {
        const json = JSON.stringify({ ...members, id }, null, indent);
        expect(JSON.parse(rawMember(json, 'id')!)).toStrictEqual(JSON.parse(json).id);
      }),
      { numRuns: 500 },
    );
  });
});

describe('parseMessage', () => {
  it.each(['12345678901234567890', '1.0', '1e3', '-7', '"x"', '"\\u00e9"'])(
    'keeps the id %s as written',
    (id) => {
      const parsed = parseMessage(bytes(`{"jsonrpc":"2.0","id":${id},"method":"ping"}`));
      expect(parsed).toEqual({
        ok: true,
        message: { kind: 'request', id: { json: id }, method: 'ping', params: undefined },
      });
    },
  );

  it('keeps the id of a request it rejects', () => {
    const parsed = parseMessage(bytes('{"jsonrpc":"1.0","id":98765432109876543210,"method":"ping"}'));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.rejection.id).toEqual({ json: '98765432109876543210' });
  });

  it.each(['1.5', '1e400', 'null', 'true', '[1]', '{"a":1}'])(
    'refuses the id %s and answers with a null id',
    (id) => {
      const parsed = parseMessage(bytes(`{"jsonrpc":"2.0","id":${id},"method":"ping"}`));
      expect(parsed).toMatchObject({ ok: false, rejection: { error: { code: -32600 }, id: null } });
    },
  );

  it('tells a notification from a request by the id member, not its value', () => {
    expect(parseMessage(bytes('{"jsonrpc":"2.0","method":"notifications/initialized"}'))).toEqual({
      ok: true,
      message: { kind: 'notification', method: 'notifications/initialized' },
    });
  });
});
