import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from './config.js';

const dir = mkdtempSync(join(tmpdir(), 'coop-config-'));
const env = (extra: Record<string, string>): NodeJS.ProcessEnv => ({
  DATA_DIR: dir,
  JWT_SECRET: 'test-secret',
  ...extra,
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadConfig: whole numbers from the environment', () => {
  it('READ_THREADS: 2 by default, 0 turns the read threads off, more on a larger machine', () => {
    expect(loadConfig(env({})).readThreads).toBe(2);
    expect(loadConfig(env({ READ_THREADS: '' })).readThreads).toBe(2);
    expect(loadConfig(env({ READ_THREADS: '0' })).readThreads).toBe(0);
    expect(loadConfig(env({ READ_THREADS: '6' })).readThreads).toBe(6);
  });

  it('refuses a READ_THREADS that is no whole number of 0 or more', () => {
    for (const bad of ['-1', '1.5', 'two']) {
      expect(() => loadConfig(env({ READ_THREADS: bad }))).toThrow(
        `READ_THREADS must be a whole number (0 or more), got ${bad}`,
      );
    }
  });

  it('PORT and SESSION_MAX_SECONDS must be positive', () => {
    expect(loadConfig(env({ PORT: '8080', SESSION_MAX_SECONDS: '60' }))).toMatchObject({
      port: 8080,
      sessionMaxSeconds: 60,
    });
    expect(loadConfig(env({}))).toMatchObject({ sessionMaxSeconds: 43200, trustedProxies: [] });
    expect(() => loadConfig(env({ PORT: '0' }))).toThrow('PORT must be a positive whole number, got 0');
    expect(() => loadConfig(env({ SESSION_MAX_SECONDS: '-5' }))).toThrow(
      'SESSION_MAX_SECONDS must be a positive whole number, got -5',
    );
  });

  it("EXPORT_BUDGET_SECONDS: unset leaves each format's budget; 0 or more seconds; anything else is refused", () => {
    expect(loadConfig(env({})).exportBudgetSeconds).toBeUndefined();
    expect(loadConfig(env({ EXPORT_BUDGET_SECONDS: '' })).exportBudgetSeconds).toBeUndefined();
    expect(loadConfig(env({ EXPORT_BUDGET_SECONDS: '0' })).exportBudgetSeconds).toBe(0);
    expect(loadConfig(env({ EXPORT_BUDGET_SECONDS: '300' })).exportBudgetSeconds).toBe(300);
    expect(() => loadConfig(env({ EXPORT_BUDGET_SECONDS: '1.5' }))).toThrow(
      'EXPORT_BUDGET_SECONDS must be a whole number (0 or more), got 1.5',
    );
  });
});

describe('loadConfig: EVENT_LOG_PREWARM', () => {
  it('is on by default; true or false turn it on or off; anything else is refused', () => {
    expect(loadConfig(env({})).eventLogPrewarm).toBe(true);
    expect(loadConfig(env({ EVENT_LOG_PREWARM: 'false' })).eventLogPrewarm).toBe(false);
    expect(loadConfig(env({ EVENT_LOG_PREWARM: 'true' })).eventLogPrewarm).toBe(true);
    expect(() => loadConfig(env({ EVENT_LOG_PREWARM: 'no' }))).toThrow(
      'EVENT_LOG_PREWARM must be true or false, got no',
    );
  });
});

describe('loadConfig: TASKS_RUN_IN', () => {
  it('runs tasks in the API by default; worker leaves them to the worker; anything else is refused', () => {
    expect(loadConfig(env({})).tasksRunIn).toBe('api');
    expect(loadConfig(env({ TASKS_RUN_IN: 'worker' })).tasksRunIn).toBe('worker');
    expect(loadConfig(env({ TASKS_RUN_IN: 'api' })).tasksRunIn).toBe('api');
    expect(() => loadConfig(env({ TASKS_RUN_IN: 'both' }))).toThrow('TASKS_RUN_IN must be api or worker, got both');
  });
});

describe('loadConfig: CORS_ORIGINS', () => {
  it('keeps CORS closed by default; lists origins; refuses anything that is not an origin', () => {
    expect(loadConfig(env({})).corsOrigins).toEqual([]);
    expect(loadConfig(env({ CORS_ORIGINS: 'https://console.example.org, http://localhost:5173' })).corsOrigins).toEqual(
      ['https://console.example.org', 'http://localhost:5173'],
    );
    for (const bad of [
      '*',
      'console.example.org',
      'https://console.example.org/',
      'https://x.org/path',
      'ftp://x.org',
    ]) {
      expect(() => loadConfig(env({ CORS_ORIGINS: bad }))).toThrow(
        `CORS_ORIGINS must list origins such as https://console.example.org, got ${bad}`,
      );
    }
  });
});

describe('loadConfig: EVENT_STORE_STREAM_PREFIX', () => {
  it('is empty by default (the stream names as they are); takes a prefix of letters, digits and . _ : -', () => {
    expect(loadConfig(env({})).eventStoreStreamPrefix).toBe('');
    expect(loadConfig(env({ EVENT_STORE_STREAM_PREFIX: 'coop-ledger.eg-sued:' })).eventStoreStreamPrefix).toBe(
      'coop-ledger.eg-sued:',
    );
  });

  it("refuses a prefix of the server's own streams ($), with spaces or too long", () => {
    for (const bad of ['$coop-', '-coop', 'coop ledger', 'x'.repeat(65)]) {
      expect(() => loadConfig(env({ EVENT_STORE_STREAM_PREFIX: bad }))).toThrow(
        `EVENT_STORE_STREAM_PREFIX must be letters, digits and . _ : -`,
      );
    }
  });
});

describe('loadConfig: TRUSTED_PROXIES (issue 38)', () => {
  it('lists addresses and CIDR ranges; none when unset; anything else is refused', () => {
    expect(loadConfig(env({})).trustedProxies).toEqual([]);
    expect(loadConfig(env({ TRUSTED_PROXIES: ' 10.0.0.1, 192.168.0.0/16,::1,fd00::/8 ' })).trustedProxies).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of ['loopback', '10.0.0.0/33', '10.0.0.1/8/2', 'proxy.example.org', '::1/129']) {
      expect(() => loadConfig(env({ TRUSTED_PROXIES: bad }))).toThrow(
        `TRUSTED_PROXIES must list IP addresses or CIDR ranges such as 10.0.0.0/8, got ${bad}`,
      );
    }
  });
});

describe('loadConfig: IMPORT_CHUNK_EVENTS (decision 278)', () => {
  const kurrent = { EVENT_STORE_URL: 'kurrentdb://localhost:2113?tls=false' };

  it('is 100,000 on the embedded log (one transaction a chunk) and 5,000 on KurrentDB (one request a chunk)', () => {
    expect(loadConfig(env({})).importChunkEvents).toBe(100_000);
    expect(loadConfig(env(kurrent)).importChunkEvents).toBe(5000);
    expect(loadConfig(env({ IMPORT_CHUNK_EVENTS: '20' })).importChunkEvents).toBe(20);
    expect(loadConfig(env({ ...kurrent, IMPORT_CHUNK_EVENTS: '20000' })).importChunkEvents).toBe(20_000);
  });

  it('refuses more than 200,000 on the embedded log and more than 20,000 on KurrentDB', () => {
    expect(loadConfig(env({ IMPORT_CHUNK_EVENTS: '200000' })).importChunkEvents).toBe(200_000);
    expect(() => loadConfig(env({ IMPORT_CHUNK_EVENTS: '200001' }))).toThrow(
      'IMPORT_CHUNK_EVENTS must be at most 200000, got 200001',
    );
    expect(() => loadConfig(env({ ...kurrent, IMPORT_CHUNK_EVENTS: '20001' }))).toThrow(
      'IMPORT_CHUNK_EVENTS must be at most 20000, got 20001',
    );
    expect(() => loadConfig(env({ IMPORT_CHUNK_EVENTS: '0' }))).toThrow();
  });
});
