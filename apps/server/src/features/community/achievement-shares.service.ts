import { randomBytes } from "node:crypto";
import {
  ACHIEVEMENT_TEXTS,
  ACHIEVEMENTS,
  type Achievement,
  type AchievementShare,
  COMMUNITY_MESSAGES,
  type PublicAchievement,
} from "@academy/shared";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import type { PageHead } from "../../lib/page-head.ts";
import { platformName } from "../../lib/platform-name.ts";
import { renderAchievementImage } from "./achievement-image.ts";
import { deleteShare, findShare, insertShare } from "./achievements.queries.ts";

// Sharing an earned achievement on a public page (issue 27 §4, decision 0234).

/** A share id: 22 url-safe characters from 16 random bytes (128 bits), so it cannot be guessed. */
export function newShareId(): string {
  return randomBytes(16).toString("base64url");
}

const SHARE_ID = /^[A-Za-z0-9_-]{22}$/;

/** The shown name of a sharer without a name on their profile (never their e-mail). */
const ANONYMOUS = { en: "An Academy learner", vi: "Một học viên" } as const;

function isAchievement(id: string): id is Achievement {
  return (ACHIEVEMENTS as readonly string[]).includes(id);
}

/** Absolute URL of the public page of `shareId`. */
export function achievementPageUrl(appUrl: string, shareId: string): string {
  return `${appUrl}/achievements/${shareId}`;
}

/**
 * Shares one of the actor's earned achievements (opt-in, on the first Share): creates the public
 * page /achievements/{shareId}, or returns the one already in force (idempotent).
 * @throws NOT_FOUND (achievementNotEarned) for an unknown or unearned achievement.
 */
export async function shareAchievement(
  db: Db,
  actor: SessionUser,
  achievement: string,
  appUrl: string,
): Promise<AchievementShare> {
  if (!isAchievement(achievement)) throw new AppError("NOT_FOUND", COMMUNITY_MESSAGES.achievementNotEarned);
  const shareId = await insertShare(db, actor.id, achievement, newShareId());
  if (!shareId) throw new AppError("NOT_FOUND", COMMUNITY_MESSAGES.achievementNotEarned);
  return { shareId, url: achievementPageUrl(appUrl, shareId) };
}

/** Stops sharing: the public page answers 404 from now on (idempotent). */
export async function stopSharingAchievement(db: Db, actor: SessionUser, achievement: string): Promise<void> {
  await deleteShare(db, actor.id, achievement);
}

interface ShareView {
  achievement: Achievement;
  locale: "en" | "vi";
  displayName: string;
  earnedAt: string;
  timeZone: string;
  platformName: string;
}

async function loadShare(db: Db, shareId: string): Promise<ShareView | undefined> {
  if (!SHARE_ID.test(shareId)) return undefined;
  const row = await findShare(db, shareId);
  if (!row || !isAchievement(row.achievement)) return undefined;
  const locale = row.locale === "en" ? "en" : "vi";
  return {
    achievement: row.achievement,
    locale,
    displayName: row.full_name?.trim() || ANONYMOUS[locale],
    earnedAt: row.awarded_at,
    timeZone: row.time_zone ?? "Asia/Ho_Chi_Minh",
    platformName: await platformName(db),
  };
}

/**
 * The public page's content (anyone): the owner's display name (their profile name, never their
 * e-mail), the achievement id, the date earned, the platform's name and the image's URL.
 * @throws NOT_FOUND (achievementPageNotFound) when the id is unknown or no longer shared.
 */
export async function getPublicAchievement(
  db: Db,
  shareId: string,
  appUrl: string,
): Promise<PublicAchievement> {
  const view = await loadShare(db, shareId);
  if (!view) throw new AppError("NOT_FOUND", COMMUNITY_MESSAGES.achievementPageNotFound);
  return {
    shareId,
    achievement: view.achievement,
    displayName: view.displayName,
    earnedAt: view.earnedAt,
    platformName: view.platformName,
    imageUrl: `${appUrl}/api/achievements/${shareId}/image.png`,
  };
}

function formatEarned(view: ShareView): string {
  return new Intl.DateTimeFormat(view.locale === "vi" ? "vi-VN" : "en-GB", {
    dateStyle: "long",
    timeZone: view.timeZone,
  }).format(new Date(view.earnedAt));
}

const IMAGE_CACHE_MAX = 200;
const imageCache = new Map<string, Uint8Array>();

/**
 * The Open Graph image of a shared achievement: a 1200×630 PNG in the sharer's language
 * (see achievement-image.ts). Kept in a small per-instance cache (by share, name, date and platform).
 * @throws NOT_FOUND (achievementPageNotFound) when not shared.
 */
export async function getAchievementImage(db: Db, shareId: string): Promise<Uint8Array> {
  const view = await loadShare(db, shareId);
  if (!view) throw new AppError("NOT_FOUND", COMMUNITY_MESSAGES.achievementPageNotFound);
  const key = JSON.stringify([shareId, view.displayName, view.earnedAt, view.platformName, view.locale]);
  const hit = imageCache.get(key);
  if (hit) return hit;
  const texts = ACHIEVEMENT_TEXTS[view.achievement][view.locale];
  const png = await renderAchievementImage({
    label: view.locale === "vi" ? "Thành tích" : "Achievement",
    title: texts.title,
    description: texts.description,
    name: view.displayName,
    date: formatEarned(view),
    platformName: view.platformName,
  });
  if (imageCache.size >= IMAGE_CACHE_MAX) imageCache.delete(imageCache.keys().next().value as string);
  imageCache.set(key, png);
  return png;
}

/**
 * The server-rendered <head> of /achievements/{shareId}: "{name} earned “{achievement}”" in the
 * sharer's language, the description, the Open Graph image and the canonical URL; `noindex`
 * (shared for people, not for search engines). @returns undefined when not shared.
 */
export async function achievementHead(
  db: Db,
  shareId: string,
  appUrl: string,
): Promise<PageHead | undefined> {
  const view = await loadShare(db, shareId);
  if (!view) return undefined;
  const texts = ACHIEVEMENT_TEXTS[view.achievement][view.locale];
  const url = achievementPageUrl(appUrl, shareId);
  const date = formatEarned(view);
  return {
    title:
      view.locale === "vi"
        ? `${view.displayName} đạt thành tích “${texts.title}” — ${view.platformName}`
        : `${view.displayName} earned “${texts.title}” — ${view.platformName}`,
    description:
      view.locale === "vi"
        ? `${texts.description} Đạt được ngày ${date} trên ${view.platformName}.`
        : `${texts.description} Earned on ${date} on ${view.platformName}.`,
    image: `${appUrl}/api/achievements/${shareId}/image.png`,
    url,
    canonical: url,
    type: "article",
    robots: "noindex, follow",
    locale: view.locale === "vi" ? "vi_VN" : "en_US",
  };
}
