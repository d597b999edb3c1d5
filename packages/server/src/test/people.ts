import { hash } from '@node-rs/argon2';
import type { Role } from '@streamdesk/contract/roles';
import { newId, nowIso } from '../platform/db/values.js';
import * as authRepo from '../features/auth/auth.repository.js';
import type { TestApp } from './test-app.js';

export const PERSON_PASSWORD = 'a long enough password';
let passwordHash: Promise<string> | undefined;
let n = 0;

/** A person of `role` added to the team and signed in: their id, email and a bearer token. */
export async function signInAs(
  t: TestApp,
  role: Role,
): Promise<{ id: string; email: string; name: string; token: string }> {
  const db = t.app.streamdesk.context.db;
  const id = newId();
  // Numbered across the worker, not the file: files may share this module (isolate: false).
  const email = `${role}-${++n}@example.com`;
  const name = `${role} ${n}`;
  passwordHash ??= hash(PERSON_PASSWORD);
  await authRepo.insertAdmin(db, {
    id,
    email,
    password_hash: await passwordHash,
    created_at: nowIso(),
    name,
    role,
    status: 'active',
    totp_secret: null,
    totp_pending: null,
    totp_last_step: null,
  });
  const { token } = await t.app.streamdesk.auth.login({ a_email: email, a_password: PERSON_PASSWORD });
  return { id, email, name, token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
