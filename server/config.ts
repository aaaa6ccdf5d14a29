import { parseFeatureFlags, type FeatureFlags } from './feature-flags/routes';
import { parseLogRetentionDays } from './log/retention';
import { parseCaptureRetentionDays } from './capture/store';
import { parseAllowedHosts } from './http/request-origin';
import { parseDatabaseUrl } from './db/database';
import { isIP } from 'node:net';

/** The provider's settings, from environment variables with working defaults (ARCHITECTURE.md §4). */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Where the SQLite catalogue lives; on first start, a copy of the committed demo catalogue (server/db/demo-catalogue.ts). */
  readonly dataDir: string;
  /** DATABASE_URL: a postgres:// URL selects Postgres (server/db/database.ts); unset, SQLite in dataDir. */
  readonly databaseUrl: string | undefined;
  /** REDIS_URL: a redis:// (or rediss://) URL routes dealer pushes between instances through Redis (server/realtime); unset, in-process. */
  readonly redisUrl: string | undefined;
  /**
   * TRUST_PROXY: who may say, in X-Forwarded-For, which client a request came from (fastify's trustProxy): a number
   * of proxy hops in front of the server (1 behind deploy/'s nginx), or comma-separated proxy addresses or CIDR
   * ranges; unset, nobody, and the client is the connection's own address. The per-address rate limits count by it.
   */
  readonly trustProxy: number | readonly string[] | undefined;
  /** SHUTDOWN_TIMEOUT_MS: how long a graceful shutdown (SIGTERM/SIGINT, server/main.ts) may take before the process exits anyway; 10 s by default. */
  readonly shutdownTimeoutMs: number;
  /** The provider's public origin; empty means links are relative to this server. */
  readonly publicUrl: string;
  /** ALLOWED_HOSTS: comma-separated host names (or host:port) links may be built from when PUBLIC_URL is empty, besides the listen address and loopback names. */
  readonly allowedHosts: readonly string[];
  /** The visitor's country for market checks (spec 000 §3 page config countryCode). */
  readonly country: string;
  /** FEATURE_FLAGS: the feature-flag service's cells, a JSON object (e.g. `{"send all state updates":true}`); none by default. */
  readonly featureFlags: FeatureFlags;
  /** LOG_RETENTION_DAYS: how long stored log events are kept (30 days by default; server/log/retention.ts). */
  readonly logRetentionDays: number;
  /** CAPTURE_RETENTION_DAYS: how long captured sessions ("Report a problem") are kept (30 days by default; server/capture/). */
  readonly captureRetentionDays: number;
  /** CAPTURE_OPERATOR_TOKEN: the bearer token with which operators open every capture; unset or empty, none. */
  readonly captureOperatorToken: string | undefined;
  /**
   * DEMO_PRODUCT_CHANGE=1: the demo's self-service product switch (POST /account/product); off
   * unless set, since a real provider changes a product through billing. `npm start` sets it.
   */
  readonly demoProductChange: boolean;
  /** TERMS_LICENCE: the terms licence version every user must have accepted (server/other-services/); its default when unset. */
  readonly termsLicence: string | undefined;
}

/** TERMS_LICENCE: unset or empty is the default; otherwise 1 to 64 letters, digits, '.', '-' or '_' (it is a path segment). */
export function parseTermsLicence(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^[\w.-]{1,64}$/.test(value)) throw new Error(`TERMS_LICENCE must be 1 to 64 letters, digits, '.', '-' or '_', got ${value}`);
  return value;
}

/** REDIS_URL: unset or empty is none; anything else must be a redis:// or rediss:// URL. */
export function parseRedisUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('REDIS_URL must be a redis:// or rediss:// URL');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw new Error('REDIS_URL must be a redis:// or rediss:// URL');
  return value;
}

/** TRUST_PROXY: unset or empty is none; a whole number of hops (at least 1); or IPv4/IPv6 addresses or CIDR ranges, comma-separated. */
export function parseTrustProxy(value: string | undefined): number | readonly string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) {
    const hops = Number(value.trim());
    if (hops < 1) throw new Error('TRUST_PROXY must be a number of proxy hops (at least 1) or proxy addresses');
    return hops;
  }
  const addresses = value.split(',').map((part) => part.trim());
  for (const address of addresses) {
    const [ip, bits, ...rest] = address.split('/');
    const version = isIP(ip ?? '');
    const maxBits = version === 6 ? 128 : 32;
    if (version === 0 || rest.length > 0 || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))) {
      throw new Error(`TRUST_PROXY must be a number of proxy hops or comma-separated proxy addresses or CIDR ranges, got ${address}`);
    }
  }
  return addresses;
}

/** SHUTDOWN_TIMEOUT_MS: a whole number of milliseconds, at least 1. */
export function parseShutdownTimeoutMs(value: string | undefined): number {
  if (value === undefined || value === '') return 10_000;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1) throw new Error(`SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds, got ${value}`);
  return ms;
}

/** A yes/no setting: 1 or true, 0 or false, or unset (the default). */
function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (value === '1' || value.toLowerCase() === 'true') return true;
  if (value === '0' || value.toLowerCase() === 'false') return false;
  throw new Error(`${name} must be 1 or 0, got ${value}`);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const country = env.COUNTRY ?? 'SE';
  if (!/^[A-Z]{2}$/.test(country)) throw new Error(`COUNTRY must be a two-letter country code, got ${country}`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: env.DATA_DIR ?? 'data',
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    redisUrl: parseRedisUrl(env.REDIS_URL),
    shutdownTimeoutMs: parseShutdownTimeoutMs(env.SHUTDOWN_TIMEOUT_MS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicUrl: (env.PUBLIC_URL ?? '').replace(/\/+$/, ''),
    allowedHosts: parseAllowedHosts(env.ALLOWED_HOSTS),
    country,
    featureFlags: parseFeatureFlags(env.FEATURE_FLAGS),
    logRetentionDays: parseLogRetentionDays(env.LOG_RETENTION_DAYS),
    captureRetentionDays: parseCaptureRetentionDays(env.CAPTURE_RETENTION_DAYS),
    captureOperatorToken: env.CAPTURE_OPERATOR_TOKEN === undefined || env.CAPTURE_OPERATOR_TOKEN === '' ? undefined : env.CAPTURE_OPERATOR_TOKEN,
    demoProductChange: flag(env, 'DEMO_PRODUCT_CHANGE', false),
    termsLicence: parseTermsLicence(env.TERMS_LICENCE),
  };
}
