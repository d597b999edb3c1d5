import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A local HTTPS stand-in for a browser push service (RFC 8030). For every message it checks the VAPID
 * authorization (RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`) and decrypts the aes128gcm body
 * (RFC 8291) with the private key of the subscription the test made, as the browser would.
 * The endpoint path picks the answer: /ok/*, /gone/* (410), /missing/* (404), /busy/* (429 with
 * Retry-After once), /down/* (503 always).
 */
export interface FakeBrowser {
  /** The subscription as `PushSubscription.toJSON()` gives it. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  received: unknown[];
}

export interface FakePushService {
  origin: string;
  /** The self-signed certificate (PEM) the test trusts. */
  cert: string;
  /** A subscribed "browser" whose endpoint path starts with `kind`. */
  browser(kind: 'ok' | 'gone' | 'missing' | 'busy' | 'down'): FakeBrowser;
  problems: string[];
  /** Requests per endpoint path, with the time each arrived and the status answered. */
  hits: { path: string; at: number; status: number }[];
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1, made with the system's openssl. */
function selfSigned(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sd-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'pipe' },
    );
    return {
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** RFC 8291 + RFC 8188: the browser's side of aes128gcm (one record). */
export function decryptAes128gcm(
  body: Buffer,
  uaPrivate: ReturnType<typeof createECDH>,
  authSecret: Buffer,
): Buffer {
  const salt = body.subarray(0, 16);
  const idLen = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLen);
  const record = body.subarray(21 + idLen);
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end);
}

export async function startFakePushService(vapid: {
  publicKey: string;
  subject: string;
}): Promise<FakePushService> {
  const { key, cert } = selfSigned();
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; b: FakeBrowser }>();
  const busyOnce = new Set<string>();
  let n = 0;

  const fake: FakePushService = {
    origin: '',
    cert,
    problems: [],
    hits: [],
    browser(kind) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const p = `/${kind}/${++n}`;
      const b: FakeBrowser = {
        subscription: {
          endpoint: fake.origin + p,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
        received: [],
      };
      browsers.set(p, { ecdh, auth, b });
      return b;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  function checkVapid(req: IncomingMessage): string | undefined {
    const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(req.headers.authorization ?? '');
    if (!m) return `authorization ${req.headers.authorization}`;
    const [, jwt, k] = m;
    if (k !== vapid.publicKey) return 'k is not the VAPID public key';
    const [h, c, s] = jwt!.split('.');
    const pub = Buffer.from(k, 'base64url');
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: pub.subarray(1, 33).toString('base64url'),
      y: pub.subarray(33).toString('base64url'),
    };
    const ok = verify(
      'sha256',
      Buffer.from(`${h}.${c}`),
      { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
      Buffer.from(s!, 'base64url'),
    );
    if (!ok) return 'VAPID JWT signature does not verify';
    const claims = JSON.parse(Buffer.from(c!, 'base64url').toString()) as Record<string, unknown>;
    if (claims.aud !== fake.origin) return `aud ${String(claims.aud)}`;
    if (claims.sub !== vapid.subject) return `sub ${String(claims.sub)}`;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) return 'exp';
    if (req.headers['content-encoding'] !== 'aes128gcm')
      return `content-encoding ${req.headers['content-encoding']}`;
    if (!req.headers.ttl) return 'no TTL';
    return undefined;
  }

  const server: Server = createServer({ key, cert }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      fake.problems.push(`fake failed: ${String(error)}`);
      res.writeHead(500).end();
    });
  });
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const p = req.url ?? '';
    const answer = (status: number, headers: Record<string, string> = {}) => {
      fake.hits.push({ path: p, at: Date.now(), status });
      res.writeHead(status, headers);
      res.end();
    };
    const entry = browsers.get(p);
    if (!entry) return answer(404);
    const problem = checkVapid(req);
    if (problem) {
      fake.problems.push(problem);
      return answer(403);
    }
    const kind = p.split('/')[1];
    if (kind === 'gone') return answer(410);
    if (kind === 'missing') return answer(404);
    if (kind === 'down') return answer(503);
    if (kind === 'busy' && !busyOnce.has(p)) {
      busyOnce.add(p);
      return answer(429, { 'retry-after': '1' });
    }
    try {
      entry.b.received.push(JSON.parse(decryptAes128gcm(body, entry.ecdh, entry.auth).toString('utf8')));
    } catch (error) {
      fake.problems.push(`decrypt: ${(error as Error).message}`);
      return answer(400);
    }
    answer(201, { location: `${fake.origin}/message/${n}` });
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
