import { describe, expect, it } from 'vitest';
import { findDuplicateKey } from './json-duplicate-key.ts';

describe('findDuplicateKey', () => {
  it.each([
    ['a flat object', '{"amount":"1","price":"2"}'],
    ['the same key in sibling objects', '{"a":{"x":1},"b":{"x":2}}'],
    ['the same key in array items', '[{"x":1},{"x":2}]'],
    ['the same key at two depths', '{"x":{"x":{"x":1}}}'],
    ['a repeated value, not key', '{"a":"b","c":"b"}'],
    ['a key-like string as a value', '{"a":"b:","b":"a"}'],
    ['quotes and colons inside strings', '{"a":"x\\":","b":["\\"a\\":"],"c":"\\\\"}'],
    ['keys that differ only by an escape', '{"a\\"b":1,"a\\\\b":2}'],
    ['a scalar', '42'],
    ['whitespace everywhere', ' { "a" : 1 ,\n\t"b" : [ { "a" : 2 } ] } '],
  ])('finds none in %s', (_name, text) => {
    expect(findDuplicateKey(text)).toBeUndefined();
  });

  it.each([
    ['a repeated top-level key', '{"amount":"1","amount":"1000"}', 'amount', 'amount'],
    ['a key and its escaped spelling', '{"a":1,"\\u0061":2}', 'a', 'a'],
    ['an escaped key and its plain spelling', '{"\\u0061mount":"1","amount":"9"}', 'amount', 'amount'],
    ['a repeated key in a nested object', '{"phone":{"number":"1","number":"2"}}', 'number', 'phone.number'],
    ['a repeated key in an array item', '{"items":[{"x":1},{"x":1,"x":2}]}', 'x', 'items.1.x'],
    ['a repeated key after a nested value', '{"a":{"b":[1,{"c":2}]},"z":1,"a":3}', 'a', 'a'],
    ['a repeated key with whitespace before the colon', '{"a" :1, "a"\n:2}', 'a', 'a'],
    ['a repeated empty key', '{"":1,"":2}', '', ''],
    ['keys holding escaped quotes', '{"a\\"":1,"a\\u0022":2}', 'a"', 'a"'],
  ])('finds %s', (_name, text, key, path) => {
    expect(JSON.parse(text)).toBeDefined();
    expect(findDuplicateKey(text)).toEqual({ key, path });
  });

  it('walks nesting far deeper than the call stack allows', () => {
    const depth = 100_000;
    expect(findDuplicateKey(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)).toBeUndefined();
    expect(findDuplicateKey(`${'{"a":'.repeat(depth)}{"b":1,"b":2}${'}'.repeat(depth)}`)?.key).toBe('b');
  });

  it('finds a key repeated among many, once the object keeps its keys in a Set', () => {
    const keys = Array.from({ length: 40 }, (_, index) => `"k${index}":${index}`);
    expect(findDuplicateKey(`{${keys.join(',')}}`)).toBeUndefined();
    expect(findDuplicateKey(`{${keys.join(',')},"k3":0}`)).toEqual({ key: 'k3', path: 'k3' });
    expect(findDuplicateKey(`{"n":{${keys.join(',')},"k\u0033":0}}`)).toEqual({ key: 'k3', path: 'n.k3' });
  });
});
