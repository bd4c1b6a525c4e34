import i18next, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";

export const LANGUAGES = ["en", "vi"] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = "academy.lang";
/** Cookie read by the server to write e-mails in the same language (apps/server/src/auth/auth.ts). */
const COOKIE = "academy_lang";

/**
 * The namespaces (one JSON file each under locales/<language>/); i18n.test.ts checks this list
 * against the files. All are loaded with the language, so no page waits for a namespace.
 */
export const NAMESPACES = [
  "common",
  "errors",
  "auth",
  "buddies",
  "dashboard",
  "landing",
  "landingPages",
  "courses",
  "builder",
  "structure",
  "materials",
  "join",
  "certificates",
  "player",
  "students",
  "invitations",
  "messaging",
  "notifications",
  "account",
  "admin",
  "help",
  "payments",
  "journeys",
  "analytics",
  "schools",
  "community",
  "reminders",
] as const;

/** One chunk per language, fetched on first use (issue 17 §14: the entry carries no catalogue). */
const catalogues: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import("@/locales/en/index"),
  vi: () => import("@/locales/vi/index"),
};

/** i18next backend reading a namespace from its language's chunk (an unknown language has none). */
const chunkBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const load = catalogues[language as Language];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, (module.default[namespace] ?? {}) as Record<string, string>),
      (error: Error) => callback(error, null),
    );
  },
};

/** The remembered language, else the browser's (Vietnamese browsers get vi), else English. */
export function initialLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored === "en" || stored === "vi") return stored;
  } catch {
    // storage unavailable (private mode): fall through
  }
  const nav = typeof navigator !== "undefined" ? navigator.language : "en";
  return nav?.toLowerCase().startsWith("vi") ? "vi" : "en";
}

/**
 * True when the language came from a choice or from an English or Vietnamese browser; false when
 * it is only the English fallback — then the platform's default language (Admin Panel Settings,
 * issue 14) applies instead.
 */
export function languageIsKnown(): boolean {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored === "en" || stored === "vi") return true;
  } catch {
    // storage unavailable: fall through
  }
  const nav = typeof navigator !== "undefined" ? (navigator.language ?? "") : "";
  return /^(en|vi)\b/i.test(nav);
}

function applyLanguage(lng: string) {
  if (typeof document === "undefined") return;
  document.documentElement.lang = lng;
  document.cookie = `${COOKIE}=${lng}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** Switches the UI language and remembers the choice (local storage and a cookie). */
export async function setLanguage(lng: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // ignore
  }
  await i18next.changeLanguage(lng);
}

i18next.on("languageChanged", applyLanguage);

/** Interpolated values that are numbers but not quantities: never grouped ("© 2026"). */
const UNGROUPED_VALUES = new Set(["year", "id", "code", "reference"]);

/**
 * Every number put into a translated text is formatted for the language (issue 17 §6): "1,234
 * students" in English, "1.234 học viên" in Vietnamese, "4,5" for 4.5. Strings pass unchanged, so
 * values already formatted (money, percentages, dates) are left alone. The catalogues use no
 * `{{value, format}}` strings, so this replaces i18next's built-in formatter.
 */
const numberFormatter = {
  type: "formatter" as const,
  init() {},
  add() {},
  addCached() {},
  format(
    value: unknown,
    format: string | undefined,
    lng: string | undefined,
    options?: { interpolationkey?: string },
  ) {
    if (format || typeof value !== "number" || !Number.isFinite(value)) return value;
    if (options?.interpolationkey && UNGROUPED_VALUES.has(options.interpolationkey)) return value;
    return new Intl.NumberFormat(lng === "vi" ? "vi-VN" : "en-US", { maximumFractionDigits: 2 }).format(
      value,
    );
  },
};

/**
 * Resolves once the first language's catalogue is loaded: render nothing before (main.tsx awaits
 * it). Only that language is fetched: no fallback language, since i18n.test.ts keeps en and vi
 * complete (decision 0207). `changeLanguage` fetches the other language before switching.
 */
export const i18nReady: Promise<unknown> = i18next
  .use(chunkBackend)
  .use(initReactI18next)
  .use(numberFormatter)
  .init({
    lng: initialLanguage(),
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    defaultNS: "common",
    ns: [...NAMESPACES],
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
  });
applyLanguage(i18next.language);

export default i18next;
