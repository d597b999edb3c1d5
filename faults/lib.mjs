// Shared pieces of the fault suite: one request with a deadline, multipart bodies, a seeded random source,
// the people of each role, and a fresh PostgreSQL database per server started.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ADMIN, API_KEY, readJson } from '../bench/lib.mjs';

/** How long one request may take before it counts as a hang. */
export const REQUEST_TIMEOUT_MS = Number(process.env.FAULTS_REQUEST_TIMEOUT_MS ?? 15_000);

/**
 * Sends one request and never throws: `{ status, text, ms }`, or `{ hang: true }` past the deadline, or
 * `{ error }` when the connection ended without an answer.
 */
export async function send(baseURL, { method, path, headers = {}, body, timeoutMs = REQUEST_TIMEOUT_MS }) {
  const started = performance.now();
  try {
    const res = await fetch(`${baseURL}${path}`, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
    const text = await res.text();
    return { status: res.status, text, ms: performance.now() - started };
  } catch (error) {
    if (error?.name === 'TimeoutError') return { hang: true, ms: performance.now() - started };
    return { error: String(error?.cause?.code ?? error?.cause?.message ?? error?.message ?? error) };
  }
}

/** A small seeded random source (mulberry32): a run is repeated exactly with the same FAULTS_SEED. */
export function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (list) => list[Math.floor(next() * list.length)],
  };
}

/**
 * A multipart/form-data body: `fields` as text parts, `files` as `[name, filename, type, Buffer]`.
 * Answers the body and its content-type header.
 */
export function multipart(fields, files = [], boundary = `----faults-${randomBytes(8).toString('hex')}`) {
  const parts = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const [name, filename, type, data] of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
          `Content-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const appHeaders = { 'api-key': API_KEY };
export const adminHeaders = (token) => ({ 'api-key': API_KEY, authorization: `Bearer ${token}` });

/** Signs in over HTTP and answers the token; throws with the reply when it fails. */
export async function signIn(baseURL, email, password) {
  const res = await fetch(`${baseURL}/api/admin/login`, {
    method: 'POST',
    headers: { ...appHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ a_email: email, a_password: password }),
  });
  const body = await readJson(res);
  if (!body.token) throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(body)}`);
  return body.token;
}

const PERSON_PASSWORD = 'faults-person-password-1';

/**
 * The team as the owner makes it through the API: a signed-in person of each role, and a person who was
 * signed in and then disabled. Answers `{ owner, admin, editor, analyst, disabled }` tokens (the owner is
 * a second owner, not ADMIN_EMAIL, so that the fuzzer's own session is apart from the matrix's).
 */
export async function makeTeam(baseURL, ownerToken) {
  const tokens = {};
  const add = async (key, role) => {
    const email = `faults-${key}-${randomBytes(3).toString('hex')}@example.com`;
    const res = await fetch(`${baseURL}/api/admin/team`, {
      method: 'POST',
      headers: { ...adminHeaders(ownerToken), 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Faults ${key}`, email, role }),
    });
    const body = await readJson(res);
    if (!body.setPasswordLink) throw new Error(`adding ${role} failed: ${JSON.stringify(body)}`);
    const token = body.setPasswordLink.split('#')[1];
    const set = await fetch(`${baseURL}/api/admin/password/set`, {
      method: 'POST',
      headers: { ...appHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: PERSON_PASSWORD }),
    });
    if (set.status !== 200) throw new Error(`setting ${role}'s password failed: ${await set.text()}`);
    tokens[key] = await signIn(baseURL, email, PERSON_PASSWORD);
    return body.data._id;
  };
  for (const role of ['owner', 'admin', 'editor', 'analyst']) await add(role, role);
  const disabledId = await add('disabled', 'editor');
  const off = await fetch(`${baseURL}/api/admin/team/${disabledId}`, {
    method: 'PUT',
    headers: { ...adminHeaders(ownerToken), 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'disabled' }),
  });
  if (off.status !== 200) throw new Error(`disabling a person failed: ${await off.text()}`);
  return tokens;
}

export const signInAdmin = (baseURL) => signIn(baseURL, ADMIN.email, ADMIN.password);

/** A new empty database on the PostgreSQL server of `url`, and how to drop it. */
export async function freshPgDatabase(url) {
  const name = `sd_faults_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
