import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** Password-hash cost profile (auth/password.ts): "fast-test" only under NODE_ENV=test. */
export type PasswordHashing = "owasp" | "fast-test";

/**
 * The only reader of process.env (DESIGN.md §3.7). Every variable is documented in README and
 * .env.example. `loadEnv` validates with zod and throws `EnvError` naming every bad variable.
 */
const emptyToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = (protocols: RegExp, hint: string) =>
  z.preprocess(emptyToUndefined, z.string().regex(protocols, hint).pipe(z.url()).optional());

export const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(["development", "production", "test"]).default("development"),
  ),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default("0.0.0.0")),
  APP_URL: optionalUrl(/^https?:\/\//, "must start with http:// or https://"),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL"),
  AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, "must be at least 32 characters (openssl rand -hex 32)").optional(),
  ),
  ENCRYPTION_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hex characters (openssl rand -hex 32)")
      .optional(),
  ),
  SMTP_URL: optionalUrl(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL"),
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{87}$/,
        "must be a URL-safe base64 P-256 public key (npx web-push generate-vapid-keys)",
      )
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{43}$/,
        "must be a URL-safe base64 P-256 private key (npx web-push generate-vapid-keys)",
      )
      .optional(),
  ),
  VAPID_SUBJECT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s]+)$/, "must be a mailto: address or an https:// URL")
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().min(3).default("Academy <no-reply@academy.local>")),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(["true", "false", "1", "0"]).default("false")),
  AUTH_RATE_LIMIT_MAX: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(10)),
  MESSAGE_RATE_LIMIT_MAX: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(30)),
  LEARNING_TIME_CAP: z.preprocess(emptyToUndefined, z.enum(["true", "false", "1", "0"]).default("true")),
  TEST_FAST_PASSWORD_HASH: z.preprocess(
    emptyToUndefined,
    z.enum(["true", "false", "1", "0"]).default("false"),
  ),
  MESSAGE_NUDGE_INTERVAL_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  ),
  AI_BASE_URL: optionalUrl(/^https?:\/\//, "must start with http:// or https://"),
  AI_API_KEY: optionalString,
  AI_MODEL: z.preprocess(emptyToUndefined, z.string().default("gpt-4o-mini")),
  AI_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1000).max(600_000).default(30_000),
  ),
  ADMIN_EMAILS: optionalString,
  S3_ENDPOINT: optionalUrl(/^https?:\/\//, "must start with http:// or https://"),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default("us-east-1")),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(["true", "false", "1", "0"]).default("true")),
  TRUSTED_ORIGINS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (list) => list.split(",").every((o) => /^https?:\/\/[^/\s]+$/.test(o.trim().replace(/\/+$/, ""))),
        "must be a comma-separated list of origins like https://academy.example.com",
      )
      .optional(),
  ),
  MOMO_BASE_URL: optionalUrl(/^https?:\/\//, "must start with http:// or https://"),
  ZALOPAY_BASE_URL: optionalUrl(/^https?:\/\//, "must start with http:// or https://"),
  STRIPE_BASE_URL: optionalUrl(/^https?:\/\//, "must start with http:// or https://"),
  PAYMENT_JOB_INTERVAL_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  ),
  DNS_SERVERS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[0-9a-fA-F.:[\], ]+$/, "must be a comma-separated list of IP or IP:port entries")
      .optional(),
  ),
  DOMAIN_CNAME_TARGET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9.-]+$/i, "must be a host name like academy.example.com")
      .optional(),
  ),
  DOMAIN_RECHECK_INTERVAL_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(10_000)
      .max(7 * 86_400_000)
      .default(3_600_000),
  ),
  // Observability (issue 28 §3, docs/operations.md).
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, "must be at least 16 characters (openssl rand -hex 16)").optional(),
  ),
  MEMORY_WARN_MB: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(64).max(1_048_576).default(1024),
  ),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl(/^https?:\/\//, "must start with http:// or https://"),
  OTEL_TRACES_SAMPLER_ARG: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(1).default(0.1)),
  OTEL_SERVICE_NAME: z.preprocess(emptyToUndefined, z.string().min(1).default("academy")),
});

/** Checks across variables, run on the raw values so they are reported even when others are bad. */
function crossChecks(source: Record<string, string | undefined>): string[] {
  const set = (name: string) => Boolean(source[name]?.trim());
  const problems: string[] = [];
  if (set("GOOGLE_CLIENT_ID") !== set("GOOGLE_CLIENT_SECRET")) {
    const missing = set("GOOGLE_CLIENT_ID") ? "GOOGLE_CLIENT_SECRET" : "GOOGLE_CLIENT_ID";
    problems.push(`${missing}: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together`);
  }
  const s3 = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"];
  if (set("VAPID_PUBLIC_KEY") !== set("VAPID_PRIVATE_KEY")) {
    const missing = set("VAPID_PUBLIC_KEY") ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY";
    problems.push(`${missing}: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together`);
  }
  if (s3.some(set) && !s3.every(set)) {
    for (const name of s3.filter((n) => !set(n)))
      problems.push(`${name}: the S3 variables must be set together (${s3.join(", ")})`);
  }
  return problems;
}

/** Validated configuration. Paths are absolute; APP_URL has no trailing slash. */
export interface Env {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string | undefined;
  /** 32-byte key (hex) encrypting payment-method secrets; generated in DATA_DIR when unset. */
  encryptionKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Web Push (issue 27 §3): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (URL-safe base64), or both
   * undefined (generated into DATA_DIR/vapid-keys.json, see `resolveVapidKeys`); the subject is
   * VAPID_SUBJECT, else `mailto:` MAIL_FROM's address.
   */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  google: { clientId: string; clientSecret: string } | undefined;
  logLevel: string;
  trustProxy: boolean;
  /** Sign-in and sign-up attempts allowed per client IP and minute. */
  authRateLimitMax: number;
  /** Messages one user may send per minute (issue 6). */
  messageRateLimitMax: number;
  /** Study time capped by wall-clock since the lesson's open (issue 16 item 6); always true in production. */
  learningTimeCap: boolean;
  /**
   * "owasp" (argon2id, 19 MiB, t = 2) always, except "fast-test" (1 MiB) when NODE_ENV=test and
   * TEST_FAST_PASSWORD_HASH=1: test suites sign up about a thousand accounts (docs/testing.md).
   */
  passwordHashing: PasswordHashing;
  /** How often (milliseconds) an instance looks for unread messages to nudge by e-mail. */
  messageNudgeIntervalMs: number;
  /** An OpenAI-compatible endpoint; undefined means the built-in offline generator. timeoutMs in milliseconds. */
  ai: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | undefined;
  /** AI request time limit in milliseconds, also used when `ai` is undefined (for tests). */
  aiTimeoutMs: number;
  /** ADMIN_EMAILS, lower-cased: accounts made platform admins at boot and at sign-up (issue 14). */
  adminEmails: string[];
  /** DNS servers ("ip" or "ip:port") custom-domain checks ask; [] = the system's (issue 15). */
  dnsServers: string[];
  /** Host name a custom domain must be a CNAME to; APP_URL's host by default (issue 15). */
  domainCnameTarget: string;
  /** How often (milliseconds) custom domains are re-checked (issue 15). */
  domainRecheckIntervalMs: number;
  /**
   * Operators' view (issue 28 §3): the bearer token /metrics accepts from beyond loopback (none:
   * loopback only), the resident memory (bytes) above which the 30 s memory check warns, and the
   * OTLP endpoint traces go to (none: no tracing) with their sample ratio (0–1) and service name.
   */
  observability: {
    metricsToken: string | undefined;
    memoryWarnBytes: number;
    otlpEndpoint: string | undefined;
    traceSampleRatio: number;
    serviceName: string;
  };
  /** An S3-compatible object store; undefined means local disk under DATA_DIR/uploads. */
  s3:
    | {
        endpoint: string;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      }
    | undefined;
  /** Origins besides APP_URL's from which browsers may send state-changing requests (CSRF check). */
  trustedOrigins: string[];
  /**
   * Payment providers (issue 11): base URLs overriding each provider's sandbox and production
   * hosts (a local fake provider in tests), and how often (milliseconds) the order jobs run.
   */
  payments?: {
    momoBaseUrl: string | undefined;
    zaloPayBaseUrl: string | undefined;
    stripeBaseUrl: string | undefined;
    jobIntervalMs: number;
  };
}

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/**
 * Parses and validates a set of environment variables.
 * @throws EnvError listing each bad variable by name.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join(".") || "(env)"}: ${issue.message}`)),
    ...crossChecks(source),
  ];
  if (!parsed.success || problems.length > 0) throw new EnvError(problems);
  const v = parsed.data;
  const appUrl = (v.APP_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, "");
  return {
    nodeEnv: v.NODE_ENV,
    port: v.PORT,
    host: v.HOST,
    appUrl,
    dataDir: path.resolve(v.DATA_DIR),
    databaseUrl: v.DATABASE_URL,
    authSecret: v.AUTH_SECRET,
    encryptionKey: v.ENCRYPTION_KEY,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    vapid: {
      publicKey: v.VAPID_PUBLIC_KEY,
      privateKey: v.VAPID_PRIVATE_KEY,
      subject: v.VAPID_SUBJECT ?? `mailto:${mailAddress(v.MAIL_FROM)}`,
    },
    google:
      v.GOOGLE_CLIENT_ID && v.GOOGLE_CLIENT_SECRET
        ? { clientId: v.GOOGLE_CLIENT_ID, clientSecret: v.GOOGLE_CLIENT_SECRET }
        : undefined,
    logLevel: v.LOG_LEVEL,
    trustProxy: v.TRUST_PROXY === "true" || v.TRUST_PROXY === "1",
    authRateLimitMax: v.AUTH_RATE_LIMIT_MAX,
    messageRateLimitMax: v.MESSAGE_RATE_LIMIT_MAX,
    learningTimeCap:
      v.NODE_ENV === "production" || !(v.LEARNING_TIME_CAP === "false" || v.LEARNING_TIME_CAP === "0"),
    passwordHashing:
      v.NODE_ENV === "test" && (v.TEST_FAST_PASSWORD_HASH === "true" || v.TEST_FAST_PASSWORD_HASH === "1")
        ? "fast-test"
        : "owasp",
    messageNudgeIntervalMs: v.MESSAGE_NUDGE_INTERVAL_MS,
    ai: v.AI_BASE_URL
      ? { baseUrl: v.AI_BASE_URL, apiKey: v.AI_API_KEY, model: v.AI_MODEL, timeoutMs: v.AI_TIMEOUT_MS }
      : undefined,
    aiTimeoutMs: v.AI_TIMEOUT_MS,
    adminEmails: (v.ADMIN_EMAILS ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    dnsServers: (v.DNS_SERVERS ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    domainCnameTarget: (v.DOMAIN_CNAME_TARGET ?? new URL(appUrl).hostname).toLowerCase().replace(/\.$/, ""),
    domainRecheckIntervalMs: v.DOMAIN_RECHECK_INTERVAL_MS,
    observability: {
      metricsToken: v.METRICS_TOKEN,
      memoryWarnBytes: v.MEMORY_WARN_MB * 1024 * 1024,
      otlpEndpoint: v.OTEL_EXPORTER_OTLP_ENDPOINT,
      traceSampleRatio: v.OTEL_TRACES_SAMPLER_ARG,
      serviceName: v.OTEL_SERVICE_NAME,
    },
    s3:
      v.S3_ENDPOINT && v.S3_BUCKET && v.S3_ACCESS_KEY_ID && v.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: v.S3_ENDPOINT,
            region: v.S3_REGION,
            bucket: v.S3_BUCKET,
            accessKeyId: v.S3_ACCESS_KEY_ID,
            secretAccessKey: v.S3_SECRET_ACCESS_KEY,
            forcePathStyle: v.S3_FORCE_PATH_STYLE === "true" || v.S3_FORCE_PATH_STYLE === "1",
          }
        : undefined,
    trustedOrigins: (v.TRUSTED_ORIGINS ?? "")
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
    payments: {
      momoBaseUrl: v.MOMO_BASE_URL?.replace(/\/+$/, ""),
      zaloPayBaseUrl: v.ZALOPAY_BASE_URL?.replace(/\/+$/, ""),
      stripeBaseUrl: v.STRIPE_BASE_URL?.replace(/\/+$/, ""),
      jobIntervalMs: v.PAYMENT_JOB_INTERVAL_MS,
    },
  };
}

/**
 * Returns AUTH_SECRET, or the secret kept in `<DATA_DIR>/auth-secret` (generated on first start,
 * file mode 0600). Call only while holding the data-directory lock.
 */
export function resolveAuthSecret(env: Env): string {
  if (env.authSecret) return env.authSecret;
  const file = path.join(env.dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(env.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Returns the 32-byte AES-256-GCM key for secrets at rest: ENCRYPTION_KEY (64 hex characters), or
 * the key kept in `<DATA_DIR>/encryption-key` (generated on first start, file mode 0600). Servers
 * sharing one database must share this key (set ENCRYPTION_KEY).
 */
export function resolveEncryptionKey(env: Env): Buffer {
  if (env.encryptionKey) return Buffer.from(env.encryptionKey, "hex");
  const file = path.join(env.dataDir, "encryption-key");
  if (existsSync(file)) return Buffer.from(readFileSync(file, "utf8").trim(), "hex");
  mkdirSync(env.dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString("hex")}\n`, { mode: 0o600 });
  return key;
}

/** The bare address of a "Name <address>" sender (MAIL_FROM), or the text itself. */
function mailAddress(from: string): string {
  const match = /<([^>]+)>/.exec(from);
  return (match?.[1] ?? from).trim();
}

/** VAPID keys (URL-safe base64, P-256) and subject signing Web Push requests (RFC 8292). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * Returns the VAPID keys: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or the pair kept in
 * `<DATA_DIR>/vapid-keys.json` (generated on first start with `generate`, file mode 0600).
 * Servers sharing one database must share them (set both variables): a browser's subscription is
 * bound to the public key it subscribed with.
 */
export function resolveVapidKeys(
  env: Env,
  generate: () => { publicKey: string; privateKey: string },
): VapidKeys {
  const subject = env.vapid.subject;
  if (env.vapid.publicKey && env.vapid.privateKey)
    return { publicKey: env.vapid.publicKey, privateKey: env.vapid.privateKey, subject };
  const file = path.join(env.dataDir, "vapid-keys.json");
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
    return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
  }
  mkdirSync(env.dataDir, { recursive: true });
  const keys = generate();
  writeFileSync(file, `${JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey })}\n`, {
    mode: 0o600,
  });
  return { ...keys, subject };
}
