// Issue 14 settings (server/config.ts): REDIS_URL selects the Redis bus; SHUTDOWN_TIMEOUT_MS bounds a graceful shutdown.
import { readConfig } from '../config';

describe('REDIS_URL', () => {
  it('is none unless set (the in-process bus); a redis:// or rediss:// URL is taken as given', () => {
    expect(readConfig({}).redisUrl).toBeUndefined();
    expect(readConfig({ REDIS_URL: '' }).redisUrl).toBeUndefined();
    expect(readConfig({ REDIS_URL: 'redis://127.0.0.1:6379/0' }).redisUrl).toBe('redis://127.0.0.1:6379/0');
    expect(readConfig({ REDIS_URL: 'rediss://cache.internal:6380' }).redisUrl).toBe('rediss://cache.internal:6380');
  });

  it('anything else is refused at start, without repeating the value (it may hold a password)', () => {
    expect(() => readConfig({ REDIS_URL: 'http://user:hunter2@cache' })).toThrow('REDIS_URL must be a redis:// or rediss:// URL');
    expect(() => readConfig({ REDIS_URL: 'not a url hunter2' })).toThrow(/^REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL$/);
  });
});

describe('SHUTDOWN_TIMEOUT_MS', () => {
  it('is 10 s unless set; a whole number of milliseconds of at least 1 is taken, anything else refused', () => {
    expect(readConfig({}).shutdownTimeoutMs).toBe(10_000);
    expect(readConfig({ SHUTDOWN_TIMEOUT_MS: '2500' }).shutdownTimeoutMs).toBe(2500);
    expect(() => readConfig({ SHUTDOWN_TIMEOUT_MS: '0' })).toThrow('SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds, got 0');
    expect(() => readConfig({ SHUTDOWN_TIMEOUT_MS: '1.5' })).toThrow('SHUTDOWN_TIMEOUT_MS');
  });
});
