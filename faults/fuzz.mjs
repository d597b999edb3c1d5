// The schema-derived fuzzer: for every operation of the server's OpenAPI document, requests whose body,
// path, query and headers are the operation's own shape broken in one way each (wrong types, missing and
// extra fields, huge strings, bad ids and query values, bodies that are no JSON), sent with a valid
// api-key and an owner's token so that they pass authentication and meet validation. Every answer must be
// below 500 and come within the deadline.
import { adminHeaders, appHeaders, multipart, random, send } from './lib.mjs';

const HUGE = 'A'.repeat(200_000);
/** Text a broken or hostile client sends in a string field. */
const BAD_TEXT = [
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\u202e\u200b',
  'x'.repeat(5000),
  HUGE,
  '../../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '%00',
  '${jndi:ldap://127.0.0.1/x}',
  '1e309',
  '-1',
  'NaN',
  '0x10',
  '2025-02-30T25:61:00Z',
  '😀'.repeat(300),
];
/** Values of every JSON type, for a field or a whole body of another type. */
const BAD_VALUES = [
  null,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  true,
  false,
  'x',
  '',
  [],
  [null],
  [1, 'a', {}],
  {},
  { $gt: '' },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  HUGE,
];
const BAD_PATH = [
  '0',
  '-1',
  'x'.repeat(300),
  '%00',
  '%2e%2e%2f%2e%2e%2fpackage.json',
  '%E2%80%AE',
  'null',
  'undefined',
  '1e309',
  '%F0%9F%98%80',
  "'%20OR%201=1",
  '%ZZ',
  '.',
  '~',
];
const BAD_QUERY = [
  '',
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'abc',
  'x'.repeat(5000),
  '%00',
  '%ZZ',
  '2025-13-45',
  '[]',
  '{}',
  'true',
];

/** A value the schema takes (as far as a sample goes): what each mutation then breaks one part of. */
export function valid(schema = {}, depth = 0) {
  if (depth > 6) return null;
  const branch = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (branch) return valid(branch[0], depth + 1);
  if (schema.enum) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out = {};
      for (const [name, prop] of Object.entries(schema.properties ?? {}))
        if (prop.format !== 'binary' && prop.items?.format !== 'binary') out[name] = valid(prop, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => valid(schema.items, depth + 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/fuzz';
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
      return 'fuzz'.padEnd(schema.minLength ?? 1, 'z').slice(0, Math.max(schema.maxLength ?? 64, 1));
    }
    default:
      return 'fuzz';
  }
}

const clone = (v) => (v === undefined ? v : JSON.parse(JSON.stringify(v)));
/** A value of another JSON type than `v`. */
function otherType(rng, v) {
  const kind = (x) => (x === null ? 'null' : Array.isArray(x) ? 'array' : typeof x);
  for (;;) {
    const candidate = rng.pick(BAD_VALUES);
    if (kind(candidate) !== kind(v)) return candidate;
  }
}

/** Every field path of an object body, nested ones too (`a.b`, `events.0.type`). */
function fieldPaths(value, prefix = [], out = []) {
  if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      out.push([...prefix, key]);
      if (prefix.length < 3) fieldPaths(inner, [...prefix, key], out);
    }
  return out;
}
function setAt(target, path, value) {
  let node = target;
  for (const key of path.slice(0, -1)) node = node[key];
  if (value === undefined) delete node[path.at(-1)];
  else node[path.at(-1)] = value;
}

/** The body mutations: each answers a new body (any JSON value) or `{ raw, type }` for bytes as they are. */
const bodyMutations = {
  'a field missing': (rng, base) => {
    const paths = fieldPaths(base);
    const out = clone(base);
    if (paths.length) setAt(out, rng.pick(paths), undefined);
    return out ?? {};
  },
  'every field missing': () => ({}),
  'extra fields': (rng, base) => ({
    ...(typeof base === 'object' && base && !Array.isArray(base) ? base : {}),
    ['x'.repeat(rng.int(3) * 100 + 1)]: rng.pick(BAD_VALUES),
    constructor: { prototype: { polluted: true } },
    ['__proto__']: { isAdmin: true },
  }),
  'a field of a wrong type': (rng, base) => {
    const paths = fieldPaths(base);
    if (!paths.length) return otherType(rng, base);
    const out = clone(base);
    const path = rng.pick(paths);
    setAt(
      out,
      path,
      otherType(
        rng,
        path.reduce((n, k) => n?.[k], base),
      ),
    );
    return out;
  },
  'bad text in a field': (rng, base) => {
    const paths = fieldPaths(base);
    const out = clone(base) ?? {};
    setAt(out, paths.length ? rng.pick(paths) : ['x'], rng.pick(BAD_TEXT));
    return out;
  },
  'a body of a wrong type': (rng) => otherType(rng, {}),
  'deep nesting': (rng) => {
    const depth = 2000 + rng.int(8000);
    return { raw: '{"a":'.repeat(depth) + '1' + '}'.repeat(depth), type: 'application/json' };
  },
  'malformed JSON': (rng) => ({
    raw: rng.pick(['{', '{"a":1,}', '[1,2', '\u0000', '{"a":"\\ud800"}', 'nul', '{"a":1}{"b":2}', '']),
    type: 'application/json',
  }),
  'another content type': (rng, base) => ({
    raw: rng.pick([JSON.stringify(base ?? {}), 'a=1&b=2', '<x/>']),
    type: rng.pick([
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'application/json; charset=utf-16',
    ]),
  }),
  'a broken envelope': (rng) => ({
    encryptedData: rng.pick(['AAAA', 'not base64!', Buffer.alloc(48, rng.int(255)).toString('base64'), HUGE]),
  }),
  'huge array': (rng, base) => {
    const paths = fieldPaths(base);
    const out = clone(base) ?? {};
    setAt(
      out,
      paths.length ? rng.pick(paths) : ['x'],
      Array.from({ length: 5000 + rng.int(20000) }, () => 'id'),
    );
    return out;
  },
};

/** Mutations of a multipart form's text fields (its files are the upload part's). */
const formMutations = {
  'a field missing': (rng, base) => {
    const out = { ...base };
    const keys = Object.keys(out);
    if (keys.length) delete out[rng.pick(keys)];
    return { fields: out };
  },
  'bad text in a field': (rng, base) => {
    const keys = Object.keys(base);
    return { fields: { ...base, [keys.length ? rng.pick(keys) : 'x']: rng.pick(BAD_TEXT) } };
  },
  'extra fields': (rng, base) => ({
    fields: { ...base, __proto__x: 'y', ['f'.repeat(1 + rng.int(500))]: 'v' },
  }),
  'a junk file': (rng, base, fileFields) => ({
    fields: base,
    files: [
      [
        rng.pick(fileFields.length ? fileFields : ['file']),
        'x.png',
        'image/png',
        Buffer.from('not an image at all'),
      ],
    ],
  }),
  'a file in a text field': (rng, base) => {
    const keys = Object.keys(base);
    return {
      fields: {},
      files: [[keys.length ? rng.pick(keys) : 'x', 'a.txt', 'text/plain', Buffer.from('text')]],
    };
  },
  'a truncated form': () => ({
    raw: '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nv',
    type: 'multipart/form-data; boundary=b',
  }),
  'no boundary': () => ({ raw: 'x', type: 'multipart/form-data' }),
  // Over 252 characters busboy failed with a 500 (issue 38); over 70 RFC 2046 refuses it.
  'a long boundary': (rng, base) => {
    const form = multipart(base, [], 'b'.repeat(71 + rng.int(400)));
    return { raw: form.body, type: form.contentType };
  },
  'a JSON body': (rng, base) => ({ raw: JSON.stringify(base), type: 'application/json' }),
};

/** Path parameters filled with a sample value, or one of them broken. */
function fillPath(path, rng, broken) {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const bad = broken && names.length ? rng.pick(names) : undefined;
  return path.replace(/\{(\w+)\}/g, (_, name) =>
    name === bad
      ? rng.pick(BAD_PATH)
      : name === 'kind'
        ? 'banner'
        : name === 'n'
          ? '1'
          : '64b7f0c2a1b2c3d4e5f60718',
  );
}

/** A query string of the operation's own parameters, one or more of them broken or repeated. */
function badQuery(params, rng) {
  const query = params.filter((p) => p.in === 'query');
  const pairs = [];
  for (const p of query) {
    if (rng.next() < 0.5) continue;
    const value = rng.next() < 0.7 ? rng.pick(BAD_QUERY) : String(valid(p.schema));
    pairs.push(`${encodeURIComponent(p.name)}=${value}`);
    if (rng.next() < 0.2) pairs.push(`${encodeURIComponent(p.name)}=${value}`); // repeated
  }
  if (!pairs.length) pairs.push(`${rng.pick(query)?.name ?? 'unknown'}=${rng.pick(BAD_QUERY)}`);
  if (rng.next() < 0.2) pairs.push(`zz=${rng.pick(BAD_QUERY)}`);
  return `?${pairs.join('&')}`;
}

/** The operations of the document, session-ending ones last (they end the token the others use). */
export function operationsOf(doc) {
  const ops = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) ops.push({ method: method.toUpperCase(), path, op });
  // Sign-in last: its rate limit (30 a minute per client) would refuse the sign-ins a renewal needs.
  const last = (o) => (o.path === '/api/admin/logout' ? 1 : o.path === '/api/admin/login' ? 2 : 0);
  return ops.sort((a, b) => last(a) - last(b));
}

/**
 * Fuzzes every operation with `perOperation` requests, `concurrency` at a time. `getToken()` answers the
 * owner's current token; `renewToken()` signs in again after a session-ending operation ended it.
 * Answers the figures and the findings (5xx answers, hangs, connections ended without an answer).
 */
export async function fuzz(baseURL, doc, { perOperation, concurrency, seed, getToken, renewToken }) {
  const findings = [];
  let requests = 0;
  let refusedBeforeValidation = 0;
  const statuses = {};
  const ops = operationsOf(doc);
  for (const { method, path, op } of ops) {
    const isAdmin = Boolean(op['x-roles']);
    const content = op.requestBody?.content ?? {};
    const jsonSchema = content['application/json']?.schema;
    const formSchema = content['multipart/form-data']?.schema;
    const params = op.parameters ?? [];
    const hasQuery = params.some((p) => p.in === 'query');
    const hasPath = /\{\w+\}/.test(path);
    const fileFields = Object.entries(formSchema?.properties ?? {})
      .filter(([, s]) => s.format === 'binary' || s.items?.format === 'binary')
      .map(([name]) => name);
    const base = jsonSchema ? valid(jsonSchema) : formSchema ? valid(formSchema) : undefined;
    // The kinds of breakage this operation can meet: its body's, its path's, its query's, its headers'.
    const kinds = [
      ...(formSchema
        ? Object.keys(formMutations).map((k) => ['form', k])
        : Object.keys(bodyMutations).map((k) => ['body', k])),
      ...(hasPath ? [['path', 'a bad path parameter']] : []),
      ...(hasQuery
        ? [
            ['query', 'bad query values'],
            ['query', 'bad query values'],
          ]
        : []),
      ['header', 'a bad Idempotency-Key or content-length'],
    ];
    const one = async (i) => {
      const [where, kind] = kinds[i % kinds.length];
      const local = random(seed ^ (i * 2654435761) ^ hash(`${method} ${path}`));
      let url = fillPath(path, local, where === 'path');
      if (where === 'query' || (hasQuery && local.next() < 0.3)) url += badQuery(params, local);
      const headers = isAdmin ? adminHeaders(getToken()) : { ...appHeaders };
      let body;
      if (where === 'form') {
        const made = formMutations[kind](
          local,
          Object.fromEntries(Object.entries(base).map(([k, v]) => [k, String(v)])),
          fileFields,
        );
        if (made.raw !== undefined) {
          body = made.raw;
          headers['content-type'] = made.type;
        } else {
          const form = multipart(made.fields, made.files);
          body = form.body;
          headers['content-type'] = form.contentType;
        }
      } else if (where === 'body' && method !== 'GET') {
        const made = bodyMutations[kind](local, base ?? {});
        if (made && typeof made === 'object' && 'raw' in made && 'type' in made) {
          body = made.raw;
          headers['content-type'] = made.type;
        } else {
          body = JSON.stringify(made);
          headers['content-type'] = 'application/json';
        }
      } else if (jsonSchema && method !== 'GET') {
        body = JSON.stringify(base);
        headers['content-type'] = 'application/json';
      }
      if (where === 'header') {
        if (method !== 'GET')
          headers['idempotency-key'] = local.pick([
            '',
            ' ',
            'x'.repeat(300),
            'key with spaces',
            '\u00e9',
            'k'.repeat(8),
          ]);
        if (local.next() < 0.3)
          headers['content-type'] = local.pick([
            'application/json',
            'text/plain',
            'multipart/form-data; boundary=',
          ]);
      }
      let res = await send(baseURL, { method, path: url, headers, body });
      // A request that ended the session (one of sign-out's, or one of another operation that did):
      // sign in again and send it once more. Sign-out's own 401s are its answer to an ended session.
      if (isAdmin && res.status === 401 && path !== '/api/admin/logout') {
        await renewToken();
        res = await send(baseURL, {
          method,
          path: url,
          headers: { ...headers, ...adminHeaders(getToken()) },
          body,
        });
      }
      requests++;
      const answer = res.status ?? (res.hang ? 'hang' : 'no answer');
      statuses[answer] = (statuses[answer] ?? 0) + 1;
      if (res.status === 401 || res.status === 403 || res.status === 429) refusedBeforeValidation++;
      if (res.hang || res.error || res.status >= 500)
        findings.push({
          operation: `${method} ${path}`,
          kind: `${where}: ${kind}`,
          url: url.length > 160 ? `${url.slice(0, 160)}...` : url,
          answer: res.hang
            ? `no answer in ${Math.round(res.ms)} ms`
            : (res.error ?? `${res.status} ${res.text.slice(0, 200)}`),
          hang: Boolean(res.hang),
        });
    };
    for (let i = 0; i < perOperation; i += concurrency)
      await Promise.all(
        Array.from({ length: Math.min(concurrency, perOperation - i) }, (_, j) => one(i + j)),
      );
  }
  return {
    operations: ops.length,
    requests,
    refusedBeforeValidation,
    statuses,
    fivexx: findings.filter((f) => !f.hang && /^5\d\d/.test(f.answer)).length,
    hangs: findings.filter((f) => f.hang).length,
    noAnswer: findings.filter((f) => !f.hang && !/^5\d\d/.test(f.answer)).length,
    findings,
  };
}

function hash(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
