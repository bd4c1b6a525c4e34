import { Resolver } from "node:dns/promises";

/**
 * The DNS look-ups custom-domain verification needs (issue 15 §3). Injectable so tests point it at
 * a DNS server they start themselves.
 */
export interface DomainResolver {
  /** TXT records of `name`, each joined from its chunks. [] when the name has none. */
  txt(name: string): Promise<string[]>;
  /** CNAME targets of `name`, lower-cased without a trailing dot. [] when the name has none. */
  cname(name: string): Promise<string[]>;
}

/** Answer codes that mean "no such record" rather than "the look-up failed". */
const NO_RECORD = new Set(["ENOTFOUND", "ENODATA", "NXDOMAIN", "ENONAME"]);

/** DNS failure other than a missing record (timeout, refused, server failure). */
export class DnsLookupError extends Error {
  constructor(
    readonly code: string,
    name: string,
  ) {
    super(`The DNS look-up of ${name} failed (${code}). Please try again later.`);
  }
}

/**
 * A resolver over node:dns `Resolver`.
 * @param servers "ip" or "ip:port" entries (DNS_SERVERS); the system's servers when empty.
 * @param timeoutMs per attempt, in milliseconds; 2 attempts.
 */
export function createDomainResolver(servers: string[] = [], timeoutMs = 3000): DomainResolver {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers.length > 0) resolver.setServers(servers);
  const guard = async <T>(name: string, run: () => Promise<T[]>): Promise<T[]> => {
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: string }).code ?? "EUNKNOWN";
      if (NO_RECORD.has(code)) return [];
      throw new DnsLookupError(code, name);
    }
  };
  return {
    txt: async (name) =>
      (await guard(name, () => resolver.resolveTxt(name))).map((chunks) => chunks.join("")),
    cname: async (name) =>
      (await guard(name, () => resolver.resolveCname(name))).map((t) => t.toLowerCase().replace(/\.$/, "")),
  };
}
