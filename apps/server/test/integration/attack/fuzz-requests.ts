import fc from 'fast-check';
import { TOKEN_COOKIE } from '../../../src/http/plugins/auth.plugin.js';
import type { Caller, KnownIds } from './attack-server.js';
import { CALLERS } from './attack-server.js';
import { hostileText, type JsonSchema, roughText, roughValue, validValue } from './schema-values.js';

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
  /**
   * Where the caller's token rides (the contract takes `?token=` and the cookie on media routes only), or
   * `garbage`: no token but junk in the header, the cookie or `?token=`.
   */
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

/**
 * Clean requests are what a correct client sends (values the schema accepts, ids of the right kind), so
 * they reach the routes' code; rough ones mix in hostile values, repeats, broken bodies and traversal.
 */
type Style = 'clean' | 'rough';

/** Ids that exist, of the kind the path parameter names. */
function knownIdsFor(path: string, parameter: string, known: KnownIds): string[] {
  if (parameter === 'fileId') return known.files.map((file) => String(file.fileId));
  if (path.startsWith('/api/vas/')) return known.vas;
  if (path.startsWith('/api/tags/')) return known.tags.map(String);
  if (path.startsWith('/api/circles/')) return known.circles.map(String);
  if (path.startsWith('/api/search/')) return ['word', '$tag:ASMR$', 'RJ100001', 'circle'];
  if (path.startsWith('/api/admin/')) return ['1', '2'];
  return known.works.flatMap((id) => [String(id), `RJ${String(id).padStart(6, '0')}`]);
}

function pathValue(style: Style, ids: string[]): fc.Arbitrary<string> {
  const fitting = fc.constantFrom(...ids).map(percentEncode);
  if (style === 'clean') return fitting;
  return fc.oneof(
    { weight: 4, arbitrary: fitting },
    { weight: 2, arbitrary: hostileText.map(percentEncode) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_PATH_SEGMENTS) },
  );
}

/** A query parameter: left out or once; when rough also repeated (an array for a scalar) or bare. */
function queryPairs(style: Style, parameter: Parameter): fc.Arbitrary<string[]> {
  const pair = (text: string) => `${percentEncode(parameter.name)}=${percentEncode(text)}`;
  const absent = fc.constant<string[]>([]);
  if (style === 'clean')
    return fc.oneof(
      absent,
      validValue(parameter.schema).map((value) => [pair(String(value))]),
    );
  const value = roughText(parameter.schema);
  return fc.oneof(
    { weight: 3, arbitrary: absent },
    { weight: 4, arbitrary: value.map((text) => [pair(text)]) },
    { weight: 1, arbitrary: fc.tuple(value, value).map((texts) => texts.map(pair)) },
    { weight: 1, arbitrary: fc.constant<string[]>([percentEncode(parameter.name)]) },
  );
}

const MALFORMED_JSON = ['{', '{"a":', 'nul', '{"a":1}}', "{'a':1}", '\u0000', '[1,]', '"\\ud800"'];

/**
 * A body: clean, the schema's object; rough, its object with fields right or wrong, another JSON value,
 * broken JSON, a deep array, another content type, or none.
 */
function bodyFor(style: Style, schema: JsonSchema | null): fc.Arbitrary<{ payload?: string; type?: string }> {
  const json = (arbitrary: fc.Arbitrary<unknown>) =>
    arbitrary.map((value) => ({ payload: JSON.stringify(value) ?? 'null', type: 'application/json' }));
  if (style === 'clean') return schema ? json(validValue(schema)) : fc.constant({});
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
    { weight: 8, arbitrary: json(roughValue(schema)) },
    { weight: 1, arbitrary: fc.constant({}) },
    ...hostile,
  );
}

/** Conditional, range, proxy and host headers (some routes read them; every route must shrug them off). */
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
    'x-forwarded-for': fc.constantFrom('10.0.0.1', '::1, 10.0.0.1', 'garbage', ', ,', '999.999.999.999'),
    host: fc.constantFrom('evil.example', 'localhost:99999', '[::1]', 'a..b'),
  },
  { requiredKeys: [] },
);

function fill(path: string, values: string[]): string {
  let index = 0;
  return path.replace(/\{[^}]+\}/g, () => values[index++] ?? '1');
}

/** Random and boundary requests for one operation, from each caller, half clean and half rough. */
export function requestsFor(operation: Operation, known: KnownIds): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom<Style>('clean', 'rough').chain((style) => styledRequests(style, operation, known));
}

function styledRequests(style: Style, operation: Operation, known: KnownIds): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const rough = style === 'rough';
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
      path: fc.tuple(
        ...pathParameters.map((parameter) =>
          pathValue(style, knownIdsFor(operation.path, parameter.name, known)),
        ),
      ),
      query: fc.tuple(...queryParameters.map((parameter) => queryPairs(style, parameter))),
      unknownQuery: rough ? fc.option(fc.tuple(hostileText, hostileText), { freq: 6 }) : fc.constant(null),
      body: bodyFor(style, operation.body),
      headers: extraHeaders,
      method: fc.constantFrom(operation.method, operation.method, operation.method, 'HEAD'),
      // Printable ASCII (what a header can carry), so broken percent-escapes and stray `=`, `;` come too.
      garbageToken: fc.oneof(
        fc.stringMatching(/^[\x21-\x7e]{0,300}$/),
        fc.constantFrom('%', '%E0%A4%A', '%ff', 'a=b', '..%2f'),
      ),
      garbagePlace: fc.constantFrom('authorization', 'cookie', 'query'),
    })
    .map((drawn) => {
      const pairs = drawn.query.flat();
      if (drawn.unknownQuery)
        pairs.push(`${percentEncode(drawn.unknownQuery[0])}=${percentEncode(drawn.unknownQuery[1])}`);
      const method = drawn.method === 'HEAD' && operation.method !== 'GET' ? operation.method : drawn.method;
      const headers = { ...drawn.headers };
      if (drawn.body.type) headers['content-type'] = drawn.body.type;
      if (drawn.carrier === 'garbage' && drawn.garbagePlace === 'authorization')
        headers.authorization = `Bearer ${drawn.garbageToken}`;
      if (drawn.carrier === 'garbage' && drawn.garbagePlace === 'cookie')
        headers.cookie = `${TOKEN_COOKIE}=${drawn.garbageToken}`;
      if (drawn.carrier === 'garbage' && drawn.garbagePlace === 'query')
        pairs.push(`token=${drawn.garbageToken.replace(/[#&]/g, '')}`);
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
