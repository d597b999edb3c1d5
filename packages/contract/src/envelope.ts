/**
 * The encrypted envelope of ARCHITECTURE.md: AES-256-CBC with PKCS#7 padding, a 32-byte key given as
 * 64 hex characters, and a fresh random 16-byte iv per message.
 * - request: `{ encryptedData: base64(iv ‖ ciphertext) }`
 * - reply:   `{ encrypted: base64(ciphertext), iv: hex(iv) }`
 * It is obfuscation for app compatibility, not security. Written on WebCrypto so the server (Node 20)
 * and the browser share one implementation.
 */
export interface SealedRequest {
  encryptedData: string;
}
export interface SealedReply {
  encrypted: string;
  iv: string;
}

export class EnvelopeError extends Error {}

type AesKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
const keyCache = new Map<string, Promise<AesKey>>();

function importKey(keyHex: string): Promise<AesKey> {
  let key = keyCache.get(keyHex);
  if (!key) {
    if (!/^[0-9a-fA-F]{64}$/.test(keyHex))
      throw new EnvelopeError('The payload key must be 64 hex characters');
    key = crypto.subtle.importKey('raw', hexToBytes(keyHex), { name: 'AES-CBC' }, false, [
      'encrypt',
      'decrypt',
    ]);
    keyCache.set(keyHex, key);
  }
  return key;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) throw new EnvelopeError('Not base64');
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^([0-9a-fA-F]{2})*$/.test(hex)) throw new EnvelopeError('Not hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function encrypt(value: unknown, keyHex: string): Promise<{ iv: Uint8Array; ciphertext: Uint8Array }> {
  const iv = crypto.getRandomValues(new Uint8Array(16));
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, await importKey(keyHex), plain),
  );
  return { iv, ciphertext };
}

async function decrypt(iv: Uint8Array<ArrayBuffer>, ciphertext: Uint8Array<ArrayBuffer>, keyHex: string) {
  if (iv.length !== 16) throw new EnvelopeError('The iv must be 16 bytes');
  if (ciphertext.length === 0 || ciphertext.length % 16 !== 0) {
    throw new EnvelopeError('The ciphertext length is not a multiple of 16');
  }
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt({ name: 'AES-CBC', iv }, await importKey(keyHex), ciphertext);
  } catch {
    throw new EnvelopeError('The envelope could not be decrypted');
  }
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain)) as unknown;
  } catch {
    throw new EnvelopeError('The decrypted envelope is not JSON');
  }
}

export async function sealRequest(value: unknown, keyHex: string): Promise<SealedRequest> {
  const { iv, ciphertext } = await encrypt(value, keyHex);
  const joined = new Uint8Array(iv.length + ciphertext.length);
  joined.set(iv, 0);
  joined.set(ciphertext, iv.length);
  return { encryptedData: bytesToBase64(joined) };
}

export async function openRequest(body: SealedRequest, keyHex: string): Promise<unknown> {
  const bytes = base64ToBytes(body.encryptedData);
  if (bytes.length < 32) throw new EnvelopeError('The envelope is too short');
  return decrypt(bytes.slice(0, 16), bytes.slice(16), keyHex);
}

export async function sealReply(value: unknown, keyHex: string): Promise<SealedReply> {
  const { iv, ciphertext } = await encrypt(value, keyHex);
  return { encrypted: bytesToBase64(ciphertext), iv: bytesToHex(iv) };
}

export async function openReply(reply: SealedReply, keyHex: string): Promise<unknown> {
  return decrypt(hexToBytes(reply.iv), base64ToBytes(reply.encrypted), keyHex);
}

export function isSealedRequest(body: unknown): body is SealedRequest {
  return (
    typeof body === 'object' && body !== null && typeof (body as SealedRequest).encryptedData === 'string'
  );
}

export function isSealedReply(body: unknown): body is SealedReply {
  const b = body as SealedReply | null;
  return typeof b === 'object' && b !== null && typeof b.encrypted === 'string' && typeof b.iv === 'string';
}
