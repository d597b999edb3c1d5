// The access-control matrix: every operation of the OpenAPI document for every caller, against the answer
// its contract declares (`x-roles` on admin operations, the api-key alone on app ones): a role it names
// gets past the guard (no 401 or 403), any other role 403, no token or a disabled person's token 401, no
// api-key 403. Requests are empty: past the guard they are refused by validation or find nothing.
import { API_KEY } from '../bench/lib.mjs';
import { multipart, send } from './lib.mjs';
import { operationsOf } from './fuzz.mjs';

const ROLES = ['owner', 'admin', 'editor', 'analyst'];

/** What each caller sends, and what it must get for an operation. */
function callers(tokens) {
  const bearer = (token) => ({ 'api-key': API_KEY, authorization: `Bearer ${token}` });
  return [
    ...ROLES.map((role) => ({
      name: role,
      headers: bearer(tokens[role]),
      expect: (roles) => (roles ? (roles.includes(role) ? 'through' : 403) : 'through'),
    })),
    { name: 'no token', headers: { 'api-key': API_KEY }, expect: (roles) => (roles ? 401 : 'through') },
    { name: 'disabled', headers: bearer(tokens.disabled), expect: (roles) => (roles ? 401 : 'through') },
    { name: 'no api-key', headers: { authorization: `Bearer ${tokens.owner}` }, expect: () => 403 },
  ];
}

const fill = (path) =>
  path.replace(/\{(\w+)\}/g, (_, name) => (name === 'kind' ? 'banner' : name === 'n' ? '1' : 'x0'));

/** Walks the matrix; answers the cells checked and those whose answer differs from the contract's. */
export async function accessMatrix(baseURL, doc, tokens) {
  const wrong = [];
  let cells = 0;
  // Sign-out last: it ends the token of the caller who sends it.
  const ops = operationsOf(doc).filter((o) => o.path !== '/api/admin/login');
  for (const { method, path, op } of ops) {
    const roles = op['x-roles'];
    if (!op.security?.length) continue; // public: nobody is refused
    const content = op.requestBody?.content ?? {};
    for (const caller of callers(tokens)) {
      const headers = { ...caller.headers };
      let body;
      if (content['multipart/form-data']) {
        const form = multipart({});
        body = form.body;
        headers['content-type'] = form.contentType;
      } else if (content['application/json']) {
        body = '{}';
        headers['content-type'] = 'application/json';
      }
      const res = await send(baseURL, { method, path: fill(path), headers, body });
      const expected = caller.expect(roles);
      cells++;
      const got = res.status ?? (res.hang ? 'no answer' : res.error);
      const ok =
        expected === 'through'
          ? typeof got === 'number' && got !== 401 && got !== 403 && got < 500
          : got === expected;
      if (!ok)
        wrong.push({
          operation: `${method} ${path}`,
          caller: caller.name,
          expected: expected === 'through' ? 'past the guard, < 500' : expected,
          got: `${got} ${res.text?.slice(0, 120) ?? ''}`,
        });
    }
  }
  return { cells, wrong };
}
