import fc from 'fast-check';
import type { Caller, KnownIds } from './attack-server.js';
import { CALLERS } from './attack-server.js';
import { hostileText, type JsonSchema, textValue, validValue } from './schema-values.js';

interface Parameter {
  name: string;
  in: 'path' | 'query';
  schema: JsonSchema;
}

/** One operation of the OpenAPI document: `path` in its `{name}` form. */
export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

/** Every operation of the document, so a route added to the server is fuzzed without touching the suite. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema ?? null,
    })),
  );
}

export interface FuzzRequest {
  caller: Caller;
  /** Where the caller's token rides: the contract takes `?token=` and the cookie on media routes only. */
  carrier: 'header' | 'query' | 'cookie' | 'garbage';
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** Percent-encodes any text; a lone surrogate (which a URL cannot carry) goes as U+FFFD. */
function percentEncode(text: string): string {
  return encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));
}

/** Path segments that try to climb out of a route, or are not valid percent-encoding at all (sent raw). */
const RAW_PATH_SEGMENTS = [
  '..',
  '.',
  '%2e%2e',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2F',
  '%00',
  '%ff',
  '%',
  '%u0041',
  '100001.jpg',
  'RJ100001.jpg',
  '%E3%82%B5',
];

function pathValue(known: KnownIds): fc.Arbitrary<string> {
  const ids = [
    ...known.works.flatMap((id) => [String(id), `RJ${String(id).padStart(6, '0')}`]),
    ...known.files.map((file) => String(file.fileId)),
    ...known.circles.map(String),
    ...known.tags.map(String),
    ...known.vas,
    '1',
  ];
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ids).map(percentEncode) },
    { weight: 2, arbitrary: hostileText.map(percentEncode) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_PATH_SEGMENTS) },
  );
}

/** A query parameter: left out, once, or repeated (an array where the server expects one value). */
function queryPairs(parameter: Parameter): fc.Arbitrary<string[]> {
  const value = textValue(parameter.schema);
  const pair = (text: string) => `${percentEncode(parameter.name)}=${percentEncode(text)}`;
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<string[]>([]) },
    { weight: 4, arbitrary: value.map((text) => [pair(text)]) },
    { weight: 1, arbitrary: fc.tuple(value, value).map((texts) => texts.map(pair)) },
    { weight: 1, arbitrary: fc.constant<string[]>([percentEncode(parameter.name)]) },
  );
}

const MALFORMED_JSON = ['{', '{"a":', 'nul', '{"a":1}}', "{'a':1}", '\u0000', '[1,]', '"\\ud800"'];

/** A body: the schema's object (fields right or wrong), another JSON value, broken JSON, or another type. */
function bodyFor(schema: JsonSchema | null): fc.Arbitrary<{ payload?: string; type?: string }> {
  const json = (arbitrary: fc.Arbitrary<unknown>) =>
    arbitrary.map((value) => ({ payload: JSON.stringify(value) ?? 'null', type: 'application/json' }));
  const hostile = [
    { weight: 1, arbitrary: json(fc.jsonValue({ maxDepth: 2 })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...MALFORMED_JSON).map((payload) => ({ payload, type: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        payload: `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
        type: 'application/json',
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        payload: fc.constantFrom('name=a&password=b', 'plain words', '--x\r\n\r\n--x--'),
        type: fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json; charset=utf-16',
          'application/xml',
        ),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ payload: '', type: 'application/json' }) },
  ];
  if (!schema) return fc.oneof({ weight: 12, arbitrary: fc.constant({}) }, ...hostile);
  return fc.oneof(
    { weight: 8, arbitrary: json(validValue(schema)) },
    { weight: 1, arbitrary: fc.constant({}) },
    ...hostile,
  );
}

/** Conditional and range headers (media routes read them; every route must shrug them off). */
const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    range: fc.constantFrom(
      'bytes=0-1',
      'bytes=-5',
      'bytes=5-1',
      'bytes=99999999999999999999-',
      'bytes=0-0,1-1,2-2,3-3,4-4,5-5',
      'bytes=',
      'items=0-1',
      'bytes=--1',
    ),
    'if-none-match': fc.constantFrom('*', '"x"', 'W/"x"', ''),
    'if-modified-since': fc.constantFrom('Thu, 01 Jan 1970 00:00:00 GMT', 'not a date', '9999999999999'),
    'if-range': fc.constantFrom('"x"', 'Thu, 01 Jan 2099 00:00:00 GMT'),
    accept: fc.constantFrom('image/webp', '*/*', 'text/html', ';;;', 'image/avif;q=2'),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'deflate, gzip;q=0', 'identity;q=0', 'x'),
  },
  { requiredKeys: [] },
);

function fill(path: string, values: string[]): string {
  let index = 0;
  return path.replace(/\{[^}]+\}/g, () => values[index++] ?? '1');
}

/** Random and boundary requests for one operation, from each caller. */
export function requestsFor(operation: Operation, known: KnownIds): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  return fc
    .record({
      // Mostly signed-in callers with a token where every route reads it, so requests get past the door.
      caller: fc.oneof(
        { weight: 1, arbitrary: fc.constant<Caller>('nobody') },
        { weight: 6, arbitrary: fc.constantFrom<Caller>(...CALLERS.filter((caller) => caller !== 'nobody')) },
      ),
      carrier: fc.oneof(
        { weight: 8, arbitrary: fc.constant<FuzzRequest['carrier']>('header') },
        { weight: 1, arbitrary: fc.constantFrom<FuzzRequest['carrier']>('query', 'cookie', 'garbage') },
      ),
      path: fc.tuple(...pathParameters.map(() => pathValue(known))),
      query: fc.tuple(...queryParameters.map(queryPairs)),
      unknownQuery: fc.option(fc.tuple(hostileText, hostileText), { freq: 6 }),
      body: bodyFor(operation.body),
      headers: extraHeaders,
      method: fc.constantFrom(operation.method, operation.method, operation.method, 'HEAD'),
      garbageToken: fc.stringMatching(/^[\x21-\x7e]{0,300}$/),
    })
    .map((drawn) => {
      const pairs = drawn.query.flat();
      if (drawn.unknownQuery)
        pairs.push(`${percentEncode(drawn.unknownQuery[0])}=${percentEncode(drawn.unknownQuery[1])}`);
      const method = drawn.method === 'HEAD' && operation.method !== 'GET' ? operation.method : drawn.method;
      const headers = { ...drawn.headers };
      if (drawn.body.type) headers['content-type'] = drawn.body.type;
      if (drawn.carrier === 'garbage') headers.authorization = `Bearer ${drawn.garbageToken}`;
      return {
        caller: drawn.caller,
        carrier: drawn.carrier,
        method,
        url: `${fill(operation.path, drawn.path)}${pairs.length ? `?${pairs.join('&')}` : ''}`,
        headers,
        payload: drawn.body.payload,
      };
    });
}
