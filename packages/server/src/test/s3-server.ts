import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's own fixed key pair. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const REGION = 'us-east-1';

/**
 * An S3-protocol server on a free loopback port, its buckets in a temporary folder removed on `stop`
 * (s3rver: docs/decisions/0046-object-storage.md says why this one).
 */
export async function startS3Server(): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'sd-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A new empty bucket on the server at `endpoint`, and the environment that points the app at it. */
export async function newTestBucket(endpoint: string): Promise<Record<string, string>> {
  const bucket = `sd-test-${randomBytes(6).toString('hex')}`;
  const client = new S3Client({ endpoint, region: REGION, forcePathStyle: true, credentials: CREDENTIALS });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    MEDIA_STORE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: REGION,
    S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
  };
}
