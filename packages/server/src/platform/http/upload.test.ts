import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, replyBase, requiredField } from '@streamdesk/contract/http';
import { mediaLimits, mediaMessages } from '@streamdesk/contract/media';
import { conflict } from '../errors.js';
import { form, mp4, ofSize, PNG } from '../../test/media-fixtures.js';
import { storedFiles } from '../../test/stored-files.js';
import { createTestApp, errorBody, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { registerRoute } from './register-route.js';

/** A route declaring its form the way features do: a title, one required image, up to two clips. */
const testUpload = defineRoute({
  method: 'POST',
  path: '/api/test/upload',
  auth: 'admin',
  feature: 'reels',
  access: 'write',
  summary: 'A test form',
  body: z.object({ title: requiredField('title is required', 20, 'title') }),
  multipart: {
    files: {
      image: {
        kinds: ['png', 'gif'],
        maxBytes: mediaLimits.image,
        typeMessage: mediaMessages.gifPng,
        sizeMessage: mediaMessages.imageSize,
        required: mediaMessages.selectImage,
      },
      clips: {
        kinds: ['mp4'],
        maxBytes: 200_000,
        typeMessage: mediaMessages.video,
        sizeMessage: mediaMessages.videoSize,
        maxCount: 2,
        countMessage: 'At most 2 clips',
      },
    },
  },
  reply: replyBase.extend({ image: z.string(), clips: z.array(z.string()), title: z.string() }),
});

const FOLDER = 'upload-test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  registerRoute(
    t.app,
    testUpload,
    async (request) => {
      const { title } = request.body;
      // Fails after the form was read and its files stored: the one place must remove them.
      if (title === 'taken') throw conflict('That title is taken');
      if (title === 'crash') throw new Error('the service broke');
      return {
        status: true,
        message: 'ok',
        title,
        image: request.uploads.image.url,
        clips: request.uploads.clips.map((c) => c.url),
      };
    },
    { upload: { store: t.app.streamdesk.context.media, folder: FOLDER } },
  );
});
afterAll(() => t.close());

const post = (fields: Record<string, string>, files: Parameters<typeof form>[1]) =>
  t.request({ method: 'POST', url: testUpload.path, payload: form(fields, files) });
const image = { field: 'image', name: 'logo.png', data: PNG };
const clip = () => ({ field: 'clips', name: 'clip.mp4', data: mp4(1) });
const stored = () => storedFiles(t, FOLDER);

describe('a multipart route declared in the contract', () => {
  it('hands the handler its checked fields and typed files', async () => {
    const res = await post({ title: ' Hello ' }, [image, clip(), clip()]);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { title: string; image: string; clips: string[] };
    expect(body.title).toBe('Hello');
    expect(body.image).toMatch(/^\/media\/upload-test\/[0-9a-f]{24}\.png$/);
    expect(body.clips).toHaveLength(2);
    expect(stored()).toHaveLength(3);
    for (const url of [body.image, ...body.clips]) {
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
    }
  });

  it('refuses a form without its required file, with the declared message', async () => {
    const before = stored();
    const res = await post({ title: 'No image' }, [clip()]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody(mediaMessages.selectImage));
    expect(stored()).toEqual(before);
  });

  describe('leaves no file behind when', () => {
    let before: string[];
    const nothingNew = () => {
      expect(stored()).toEqual(before);
      expect(storedFiles(t, '.tmp')).toEqual([]);
    };
    beforeAll(() => {
      before = stored();
    });

    it('a file is of a kind the field does not take', async () => {
      const res = await post({ title: 'Wrong kind' }, [clip(), { ...image, data: mp4(1) }]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errorBody(mediaMessages.gifPng));
      nothingNew();
    });

    it('more files come than the field takes', async () => {
      const res = await post({ title: 'Too many' }, [image, clip(), clip(), clip()]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errorBody('At most 2 clips'));
      nothingNew();
    });

    it('a file is over its size', async () => {
      const res = await post({ title: 'Too large' }, [image, { ...clip(), data: ofSize(mp4(1), 200_001) }]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual(errorBody(mediaMessages.videoSize));
      nothingNew();
    });

    it('a file comes in a field the route does not declare', async () => {
      const res = await post({ title: 'Unknown' }, [image, { ...image, field: 'banner' }]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errorBody('Unexpected file field "banner"'));
      nothingNew();
    });

    it('a text field is refused after the files were stored', async () => {
      const res = await post({ title: '' }, [image, clip()]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errorBody('title is required'));
      nothingNew();
    });

    it('the handler refuses the request after the form was read', async () => {
      const res = await post({ title: 'taken' }, [image, clip()]);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(errorBody('That title is taken'));
      nothingNew();
    });

    it('the handler throws', async () => {
      const res = await post({ title: 'crash' }, [image, clip()]);
      expect(res.statusCode).toBe(500);
      nothingNew();
    });
  });

  it('leaves no file behind when the client goes away mid-upload', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const before = stored();
    const encoded = new Response(form({ title: 'Cut off' }, [image, clip()]));
    const whole = Buffer.from(await encoded.arrayBuffer());
    const req = http.request({
      port,
      method: 'POST',
      path: testUpload.path,
      headers: {
        'api-key': TEST_API_KEY,
        authorization: `Bearer ${t.token}`,
        'content-type': encoded.headers.get('content-type')!,
        'content-length': whole.length,
      },
    });
    req.on('error', () => {});
    // All but the clip's last bytes: the image is stored, the clip is on its way, when the client goes.
    req.write(whole.subarray(0, whole.length - 500));
    await expect.poll(() => stored().length).toBe(before.length + 1);
    req.destroy();
    await expect.poll(() => stored()).toEqual(before);
    expect(storedFiles(t, '.tmp')).toEqual([]);
  });

  it('is described in the OpenAPI document as multipart/form-data with its fields and files', async () => {
    await t.app.ready();
    const doc = t.app.swagger() as unknown as {
      paths: Record<
        string,
        Record<string, { requestBody: { content: Record<string, { schema: unknown }> } }>
      >;
    };
    const content = doc.paths[testUpload.path]!.post!.requestBody.content;
    expect(Object.keys(content)).toEqual(['multipart/form-data']);
    expect(content['multipart/form-data']!.schema).toMatchObject({
      type: 'object',
      properties: {
        title: { type: 'string', maxLength: 20 },
        image: { type: 'string', format: 'binary' },
        clips: { type: 'array', maxItems: 2, items: { type: 'string', format: 'binary' } },
      },
      required: expect.arrayContaining(['title', 'image']),
    });
  });
});
