import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '#server/config.ts';
import { defineMediaSuite } from './media.suite.ts';

// The same media API against an S3-compatible server on loopback (s3rver): presigned PUTs straight to the
// bucket, checks by HEAD + ranged GET at completion, reads through presigned GET redirects.
let server: { run(): Promise<AddressInfo>; close(): Promise<void> };
let dir: string;
let settings: AppConfig['s3'];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'media' }],
  });
  const address = await server.run();
  settings = {
    bucket: 'media',
    endpoint: `http://127.0.0.1:${address.port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

defineMediaSuite('s3', () => settings);
