import { generateKeyPairSync, verify } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A local stand-in for Google's OAuth2 token endpoint and the FCM HTTP v1 API. It checks the JWT grant
 * (RS256, signed with the service account's key) and the bearer token and message body of every send,
 * and answers as told: success, 404 UNREGISTERED, 429 with Retry-After, 500, or never.
 */
export type FcmMode = 'ok' | 'unregistered' | 'rate-limited-once' | 'error-once' | 'always-500' | 'hang';

export interface FakeFcm {
  baseUrl: string;
  projectId: string;
  /** A service-account JSON file whose token_uri points at this fake. */
  serviceAccountFile: string;
  mode: FcmMode;
  /** Message bodies the fake accepted or refused, in order, with the time each arrived. */
  sends: { body: FcmBody; at: number; answered: number }[];
  tokenRequests: number;
  /** Makes the "-once" modes fail once more. */
  resetOnce(): void;
  /** Problems found in requests (a wrong bearer, a bad grant); a test expects this to stay empty. */
  problems: string[];
  close(): Promise<void>;
}

export interface FcmBody {
  message: {
    topic: string;
    notification: { title: string; body: string; image?: string };
    data: Record<string, string>;
  };
}

const read = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export async function startFakeFcm(): Promise<FakeFcm> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const projectId = 'demo-project';
  const clientEmail = 'pusher@demo-project.iam.gserviceaccount.com';
  const accessToken = `ya29.fake-${Math.random().toString(36).slice(2)}`;
  const hung: IncomingMessage[] = [];
  let failedOnce = false;

  const fake: FakeFcm = {
    baseUrl: '',
    projectId,
    serviceAccountFile: '',
    mode: 'ok',
    sends: [],
    tokenRequests: 0,
    problems: [],
    resetOnce: () => {
      failedOnce = false;
    },
    close: async () => {
      for (const r of hung) r.socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function checkGrant(assertion: string | null, tokenUri: string) {
    const [h, c, s] = (assertion ?? '').split('.');
    if (!h || !c || !s) return 'grant is not a JWT';
    const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string };
    if (header.alg !== 'RS256') return `grant alg ${header.alg}`;
    const ok = verify('sha256', Buffer.from(`${h}.${c}`), publicKey, Buffer.from(s, 'base64url'));
    if (!ok) return 'grant signature does not verify';
    const claims = JSON.parse(Buffer.from(c, 'base64url').toString()) as Record<string, unknown>;
    const now = Date.now() / 1000;
    if (claims.iss !== clientEmail) return `grant iss ${String(claims.iss)}`;
    if (claims.aud !== tokenUri) return `grant aud ${String(claims.aud)}`;
    if (claims.scope !== 'https://www.googleapis.com/auth/firebase.messaging') return 'grant scope';
    if (typeof claims.exp !== 'number' || claims.exp < now || (claims.iat as number) > now + 5)
      return 'grant times';
    return undefined;
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      fake.problems.push(`fake failed: ${String(error)}`);
      res.writeHead(500).end();
    });
  });
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await read(req);
    const reply = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(json));
    };
    if (req.method === 'POST' && req.url === '/token') {
      fake.tokenRequests++;
      const form = new URLSearchParams(body);
      const problem =
        form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer'
          ? 'grant_type'
          : checkGrant(form.get('assertion'), `${fake.baseUrl}/token`);
      if (problem) {
        fake.problems.push(problem);
        return reply(400, { error: 'invalid_grant', error_description: problem });
      }
      return reply(200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
    }
    if (req.method === 'POST' && req.url === `/v1/projects/${projectId}/messages:send`) {
      if (req.headers.authorization !== `Bearer ${accessToken}`) {
        fake.problems.push(`bearer ${req.headers.authorization}`);
        return reply(401, {
          error: { code: 401, message: 'Request had invalid credentials.', status: 'UNAUTHENTICATED' },
        });
      }
      const parsed = JSON.parse(body) as FcmBody;
      const entry = { body: parsed, at: Date.now(), answered: 0 };
      fake.sends.push(entry);
      const m = parsed.message;
      if (!m?.topic || !m.notification?.title || !m.notification.body || typeof m.data !== 'object') {
        fake.problems.push(`message body ${body}`);
        return reply(400, { error: { code: 400, message: 'Invalid message', status: 'INVALID_ARGUMENT' } });
      }
      switch (fake.mode) {
        case 'hang':
          hung.push(req);
          return;
        case 'unregistered':
          entry.answered = 404;
          return reply(404, {
            error: {
              code: 404,
              message: 'Requested entity was not found.',
              status: 'NOT_FOUND',
              details: [
                {
                  '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError',
                  errorCode: 'UNREGISTERED',
                },
              ],
            },
          });
        case 'rate-limited-once':
        case 'error-once':
          if (!failedOnce) {
            failedOnce = true;
            entry.answered = fake.mode === 'error-once' ? 500 : 429;
            return fake.mode === 'error-once'
              ? reply(500, { error: { code: 500, message: 'Internal error', status: 'INTERNAL' } })
              : reply(
                  429,
                  { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } },
                  { 'retry-after': '1' },
                );
          }
          break;
        case 'always-500':
          entry.answered = 500;
          return reply(500, { error: { code: 500, message: 'Internal error', status: 'INTERNAL' } });
        case 'ok':
          break;
      }
      entry.answered = 200;
      return reply(200, { name: `projects/${projectId}/messages/${fake.sends.length}` });
    }
    reply(404, { error: { code: 404, message: 'no such fake route', status: 'NOT_FOUND' } });
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  fake.serviceAccountFile = path.join(os.tmpdir(), `sd-fcm-${process.pid}-${Date.now()}.json`);
  writeFileSync(
    fake.serviceAccountFile,
    JSON.stringify({
      type: 'service_account',
      project_id: projectId,
      private_key_id: 'fake',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      client_email: clientEmail,
      token_uri: `${fake.baseUrl}/token`,
    }),
  );
  return fake;
}
