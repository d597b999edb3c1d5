import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EnvelopeError, openReply, openRequest, sealReply, sealRequest } from './envelope.js';

const KEY = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

describe('envelope', () => {
  it('round-trips a request and a reply', async () => {
    const value = { a_email: 'admin@localhost', list: [1, 2, 3], text: 'नमस्ते' };
    expect(await openRequest(await sealRequest(value, KEY), KEY)).toEqual(value);
    expect(await openReply(await sealReply(value, KEY), KEY)).toEqual(value);
  });

  it('uses a fresh iv for every message', async () => {
    const a = await sealReply({ x: 1 }, KEY);
    const b = await sealReply({ x: 1 }, KEY);
    expect(a.iv).not.toBe(b.iv);
    expect(a.iv).toMatch(/^[0-9a-f]{32}$/);
  });

  it('matches a fixed vector made with Node crypto (request direction)', async () => {
    const iv = Buffer.from('0f0e0d0c0b0a09080706050403020100', 'hex');
    const cipher = createCipheriv('aes-256-cbc', Buffer.from(KEY, 'hex'), iv);
    const ct = Buffer.concat([cipher.update('{"id":["a1","b2"]}', 'utf8'), cipher.final()]);
    const fixed = Buffer.concat([iv, ct]).toString('base64');
    expect(fixed).toBe('Dw4NDAsKCQgHBgUEAwIBAOJD85JBhjlMFUPt3/D+Itn68u4E1W8hmm+OT7Y6O380');
    expect(await openRequest({ encryptedData: fixed }, KEY)).toEqual({ id: ['a1', 'b2'] });
  });

  it('produces replies Node crypto can open', async () => {
    const sealed = await sealReply({ status: true, message: 'ok' }, KEY);
    const decipher = createDecipheriv('aes-256-cbc', Buffer.from(KEY, 'hex'), Buffer.from(sealed.iv, 'hex'));
    const text = Buffer.concat([decipher.update(Buffer.from(sealed.encrypted, 'base64')), decipher.final()]);
    expect(JSON.parse(text.toString('utf8'))).toEqual({ status: true, message: 'ok' });
  });

  it('rejects broken envelopes with an EnvelopeError', async () => {
    const other = randomBytes(32).toString('hex');
    const sealed = await sealRequest({ a: 1 }, KEY);
    await expect(openRequest(sealed, other)).rejects.toBeInstanceOf(EnvelopeError);
    await expect(openRequest({ encryptedData: 'not base64!' }, KEY)).rejects.toBeInstanceOf(EnvelopeError);
    await expect(openRequest({ encryptedData: btoa('short') }, KEY)).rejects.toBeInstanceOf(EnvelopeError);
    await expect(openReply({ encrypted: sealed.encryptedData, iv: 'zz' }, KEY)).rejects.toBeInstanceOf(
      EnvelopeError,
    );
  });
});
