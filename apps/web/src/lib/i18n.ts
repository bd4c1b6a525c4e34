import { ERROR_REASON_TEXT } from "@academy/shared";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import enAccount from "@/locales/en/account.json";
import enAdmin from "@/locales/en/admin.json";
import enAnalytics from "@/locales/en/analytics.json";
import enAuth from "@/locales/en/auth.json";
import enBuddies from "@/locales/en/buddies.json";
import enBuilder from "@/locales/en/builder.json";
import enCertificates from "@/locales/en/certificates.json";
import enCommon from "@/locales/en/common.json";
import enCommunity from "@/locales/en/community.json";
import enCourses from "@/locales/en/courses.json";
import enDashboard from "@/locales/en/dashboard.json";
import enHelp from "@/locales/en/help.json";
import enInvitations from "@/locales/en/invitations.json";
import enJoin from "@/locales/en/join.json";
import enJourneys from "@/locales/en/journeys.json";
import enLanding from "@/locales/en/landing.json";
import enLandingPages from "@/locales/en/landingPages.json";
import enMaterials from "@/locales/en/materials.json";
import enMessaging from "@/locales/en/messaging.json";
import enPayments from "@/locales/en/payments.json";
import enPlayer from "@/locales/en/player.json";
import enSchools from "@/locales/en/schools.json";
import enStructure from "@/locales/en/structure.json";
import enStudents from "@/locales/en/students.json";
import viAccount from "@/locales/vi/account.json";
import viAdmin from "@/locales/vi/admin.json";
import viAnalytics from "@/locales/vi/analytics.json";
import viAuth from "@/locales/vi/auth.json";
import viBuddies from "@/locales/vi/buddies.json";
import viBuilder from "@/locales/vi/builder.json";
import viCertificates from "@/locales/vi/certificates.json";
import viCommon from "@/locales/vi/common.json";
import viCommunity from "@/locales/vi/community.json";
import viCourses from "@/locales/vi/courses.json";
import viDashboard from "@/locales/vi/dashboard.json";
import viErrors from "@/locales/vi/errors.json";
import viHelp from "@/locales/vi/help.json";
import viInvitations from "@/locales/vi/invitations.json";
import viJoin from "@/locales/vi/join.json";
import viJourneys from "@/locales/vi/journeys.json";
import viLanding from "@/locales/vi/landing.json";
import viLandingPages from "@/locales/vi/landingPages.json";
import viMaterials from "@/locales/vi/materials.json";
import viMessaging from "@/locales/vi/messaging.json";
import viPayments from "@/locales/vi/payments.json";
import viPlayer from "@/locales/vi/player.json";
import viSchools from "@/locales/vi/schools.json";
import viStructure from "@/locales/vi/structure.json";
import viStudents from "@/locales/vi/students.json";

export const LANGUAGES = ["en", "vi"] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = "academy.lang";
/** Cookie read by the server to write e-mails in the same language (apps/server/src/auth/auth.ts). */
const COOKIE = "academy_lang";

/**
 * The `errors` namespace: the API's error texts by reason (issue 17 §6, decision 0203). English is
 * the server's own text from packages/shared (`ERROR_REASON_TEXT`, "landing.slugTaken" →
 * { landing: { slugTaken } }); Vietnamese is `locales/vi/errors.json`, which the catalogue test keeps
 * complete.
 */
function nestReasons(texts: Readonly<Record<string, string>>): Record<string, Record<string, string>> {
  const nested: Record<string, Record<string, string>> = {};
  for (const [reason, text] of Object.entries(texts)) {
    const [group, key] = reason.split(".");
    nested[group] ??= {};
    nested[group][key] = text;
  }
  return nested;
}

export const resources = {
  en: {
    errors: nestReasons(ERROR_REASON_TEXT),
    common: enCommon,
    auth: enAuth,
    buddies: enBuddies,
    dashboard: enDashboard,
    landing: enLanding,
    landingPages: enLandingPages,
    courses: enCourses,
    builder: enBuilder,
    structure: enStructure,
    materials: enMaterials,
    join: enJoin,
    certificates: enCertificates,
    player: enPlayer,
    students: enStudents,
    invitations: enInvitations,
    messaging: enMessaging,
    account: enAccount,
    admin: enAdmin,
    help: enHelp,
    payments: enPayments,
    journeys: enJourneys,
    analytics: enAnalytics,
    schools: enSchools,
    community: enCommunity,
  },
  vi: {
    errors: viErrors,
    common: viCommon,
    auth: viAuth,
    buddies: viBuddies,
    dashboard: viDashboard,
    landing: viLanding,
    landingPages: viLandingPages,
    courses: viCourses,
    builder: viBuilder,
    structure: viStructure,
    materials: viMaterials,
    join: viJoin,
    certificates: viCertificates,
    player: viPlayer,
    students: viStudents,
    invitations: viInvitations,
    messaging: viMessaging,
    account: viAccount,
    admin: viAdmin,
    help: viHelp,
    payments: viPayments,
    journeys: viJourneys,
    analytics: viAnalytics,
    schools: viSchools,
    community: viCommunity,
  },
} as const;

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

void i18next
  .use(initReactI18next)
  .use(numberFormatter)
  .init({
    resources,
    lng: initialLanguage(),
    fallbackLng: "en",
    defaultNS: "common",
    ns: [
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
      "player",
      "join",
      "certificates",
      "messaging",
      "account",
      "admin",
      "help",
      "community",
    ],
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
  });
applyLanguage(i18next.language);

export default i18next;
