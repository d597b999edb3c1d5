import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config, ResolvedConfig } from './config.js';

interface StoredSecrets {
  apiKey?: string;
  payloadKey?: string;
}

/**
 * API_KEY and PAYLOAD_KEY come from the environment; when absent they are read from (or generated into)
 * DATA_DIR/secrets.json, so `npm start` works with no settings and keeps the same keys across restarts.
 */
export function resolveSecrets(config: Config): { config: ResolvedConfig; generatedFile?: string } {
  if (config.apiKey && config.payloadKey) {
    return { config: { ...config, apiKey: config.apiKey, payloadKey: config.payloadKey } };
  }
  const file = path.join(config.dataDir, 'secrets.json');
  const stored: StoredSecrets = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets)
    : {};
  const apiKey = config.apiKey ?? stored.apiKey ?? randomBytes(24).toString('base64url');
  const payloadKey = config.payloadKey ?? stored.payloadKey ?? randomBytes(32).toString('hex');
  const changed = stored.apiKey !== apiKey || stored.payloadKey !== payloadKey;
  if (changed) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify({ apiKey, payloadKey }, null, 2) + '\n', { mode: 0o600 });
  }
  return { config: { ...config, apiKey, payloadKey }, ...(changed ? { generatedFile: file } : {}) };
}
