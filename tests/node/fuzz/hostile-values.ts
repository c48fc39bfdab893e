/**
 * Arbitraries of malformed input: wrong types, huge and deep values, lone surrogates, prototype
 * keys, extreme numbers, unknown ids, mixed with real ids of the seeded library so that requests
 * also reach the handlers behind the schemas.
 */
import fc from 'fast-check';

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'prototype', 'hasOwnProperty', 'valueOf', '__defineGetter__'];

const EXTREME_NUMBERS = [
  0, -0, -1, 1.5, 2 ** 31, 2 ** 32, 2 ** 53 - 1, 2 ** 53 + 2, -(2 ** 53), 1e308, -1e308, Number.MIN_VALUE, 4294967296, 1e21,
];
const EXTREME_STRINGS = [
  '', ' ', '-1', '1e400', 'NaN', 'Infinity', '-Infinity', '9007199254740993', '4294967296', '0x10', '1,2,,3', ',,,', 'True',
  'null', 'undefined', '[]', '{}', '%', '%E0%A4%A', '100%.png', '\u0000', '\uFEFF', '\uD800', 'a\uDC00b', '\uDBFF\uDFFF',
  '😀', '../../etc/passwd', '/api/v2/item/file?id=%', 'data:constructor;base64,aGk=', 'data:,', 'javascript:alert(1)',
  'http://', 'https://img.example/%ZZ.png', 'https://img.example/page.html', '/typo.png', '/assets/%E0.png', '#ff00zz',
  '(a+)+$', '"unbalanced', '((((', 'a OR', '-', 'OR', '||', 'GHOST', 'ZZZZZZZZZZZZZ', '/libraries/Nope.library',
];

const hostileString = (known: readonly string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...EXTREME_STRINGS) },
    { weight: 3, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
    { weight: 4, arbitrary: known.length ? fc.constantFrom(...known) : fc.constant('x') },
    { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
    { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom('a', ',', ' ', '\uD800', '\uDC00', '%', '"', '-', 'é', '猫'), maxLength: 12 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1000, max: 120_000 }).map((n) => 'x'.repeat(n)) },
  );

const hostileNumber = fc.oneof(fc.constantFrom(...EXTREME_NUMBERS), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));

/** Nested `depth` levels of arrays or objects around a value (printed short, for fast-check's reports). */
const deep = fc.tuple(fc.integer({ min: 20, max: 3000 }), fc.boolean()).map(([depth, asObject]) => {
  let value: object = ['bottom'];
  for (let i = 0; i < depth; i++) value = asObject ? { a: value } : [value];
  Object.defineProperty(value, fc.toStringMethod, { value: () => `<${depth} levels of ${asObject ? 'objects' : 'arrays'}>` });
  return value;
});

export function hostileValue(known: readonly string[]): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    { weight: 5, arbitrary: hostileString(known) },
    { weight: 3, arbitrary: hostileNumber },
    { weight: 2, arbitrary: fc.constantFrom(true, false, null) },
  );
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 6, arbitrary: leaf },
      { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS, 'property', 'method', 'value', 'rules', 'match', 'boolean'), fc.string({ maxLength: 6 })), tie('value'), { maxKeys: 4 }) },
      { weight: 1, arbitrary: fc.array(fc.oneof(hostileNumber, fc.constantFrom(...EXTREME_STRINGS, ...known)), { minLength: 1001, maxLength: 1100 }) },
      { weight: 1, arbitrary: deep },
    ),
  }));
  return value;
}

/** An input object: fields of the route's schema and prototype keys, each with a hostile value. */
export function hostileInput(fields: readonly string[], known: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const names = fc.oneof(
    { weight: 6, arbitrary: fields.length ? fc.constantFrom(...fields) : fc.constant('id') },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
    // Fields other routes read, sent where they are not (sync/stop took `{"offset": true}`).
    { weight: 1, arbitrary: fc.constantFrom('offset', 'limit', 'id', 'token', 'timeout') },
  );
  return fc.array(fc.tuple(names, hostileValue(known)), { maxLength: 5 }).map((entries) => {
    const out: Record<string, unknown> = {};
    // defineProperty, so "__proto__" becomes a field as JSON.parse would make it.
    for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    return out;
  });
}
