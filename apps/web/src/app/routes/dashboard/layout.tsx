import { isNewAccount } from "@academy/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  BarChart3Icon,
  BookOpenIcon,
  GraduationCapIcon,
  HomeIcon,
  LayoutTemplateIcon,
  LifeBuoyIcon,
  LogOutIcon,
  type LucideIcon,
  MessagesSquareIcon,
  PaletteIcon,
  PlusIcon,
  ShieldIcon,
  SparklesIcon,
  UserCogIcon,
  UsersIcon,
  WalletIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  Link,
  type LoaderFunctionArgs,
  NavLink,
  Outlet,
  redirect,
  useLocation,
  useNavigate,
} from "react-router";
import { toast } from "sonner";
import { BrandMark } from "@/components/layout/brand";
import { LanguageSwitch } from "@/components/layout/language-switch";
import { Sidebar, SidebarProvider, SidebarTrigger, useSidebar } from "@/components/layout/sidebar";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { MaintenanceBanner } from "@/features/admin/components/maintenance-banner";
import { type MeData, meQueryOptions, saveLocale, useSignOut } from "@/features/auth/api/session";
import { unreadQueryOptions } from "@/features/messaging/api/messaging";
import { UnreadBadge } from "@/features/messaging/components/unread-badge";
import { useMessagingEvents } from "@/features/messaging/hooks/use-messaging-events";
import { refreshNotifications } from "@/features/notifications/api/notifications";
import { NotificationBell } from "@/features/notifications/components/notification-bell";
import { CreatorsOnly, isCreatorOnlyPath } from "@/features/role-guard/creators-only";
import { usePlatformName } from "@/lib/platform";
import { useProfileLanguage } from "@/lib/profile-language";
import { queryClient } from "@/lib/query-client";
import { cn } from "@/lib/utils";

/** /dashboard and below need a session; a visitor without one goes to /auth and comes back after sign-in. */
export async function loader({ request }: LoaderFunctionArgs) {
  const me = await queryClient.ensureQueryData(meQueryOptions);
  if (!me) {
    const url = new URL(request.url);
    throw redirect(`/auth?tab=signin&redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return null;
}

interface MenuItem {
  to: string;
  key: string;
  icon: LucideIcon;
  end?: boolean;
}

/** Spec 001 §2 Sidebar: the creator menu and the student menu, in the spec's order. */
export const CREATOR_MENU: MenuItem[] = [
  { to: "/dashboard", key: "home", icon: HomeIcon, end: true },
  { to: "/dashboard/courses", key: "myCourses", icon: BookOpenIcon },
  { to: "/dashboard/landing-pages", key: "landingPages", icon: LayoutTemplateIcon },
  { to: "/dashboard/course-builder", key: "courseBuilder", icon: SparklesIcon },
  { to: "/dashboard/students", key: "students", icon: UsersIcon },
  { to: "/dashboard/branding", key: "branding", icon: PaletteIcon },
  { to: "/dashboard/earnings", key: "earnings", icon: WalletIcon },
  { to: "/dashboard/community", key: "communityChallenges", icon: MessagesSquareIcon },
  { to: "/dashboard/analytics", key: "analytics", icon: BarChart3Icon },
  { to: "/dashboard/admin", key: "admin", icon: ShieldIcon },
  { to: "/dashboard/help", key: "help", icon: LifeBuoyIcon },
];

export const STUDENT_MENU: MenuItem[] = [
  { to: "/dashboard", key: "myLearning", icon: GraduationCapIcon, end: true },
  { to: "/dashboard/analytics", key: "myAnalytics", icon: BarChart3Icon },
  { to: "/dashboard/community", key: "community", icon: MessagesSquareIcon },
  { to: "/dashboard/help", key: "help", icon: LifeBuoyIcon },
];

/** The community item's badge: the unread total (GET /api/messaging/unread, kept fresh by the event stream). */
function useUnreadTotal(): number {
  const unread = useQuery(unreadQueryOptions);
  return unread.data?.total ?? 0;
}

function MenuLink({
  item,
  expanded,
  badge = 0,
  label: givenLabel,
}: {
  item: MenuItem;
  expanded: boolean;
  badge?: number;
  label?: string;
}) {
  const { t } = useTranslation("dashboard");
  const { isMobile, setOpenMobile } = useSidebar();
  const label = givenLabel ?? t(`menu.${item.key}`);
  const link = (
    <NavLink
      to={item.to}
      end={item.end}
      onClick={() => isMobile && setOpenMobile(false)}
      className={({ isActive }) =>
        cn(
          "flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground",
          isActive && "bg-sidebar-accent text-white",
          !expanded && "justify-center px-0",
        )
      }
      aria-label={expanded ? undefined : label}
    >
      <span className="relative shrink-0">
        <item.icon className="size-5" aria-hidden />
        {!expanded && badge > 0 ? (
          <span
            className="absolute -right-1.5 -top-1.5 size-2.5 rounded-full bg-destructive ring-2 ring-sidebar"
            aria-hidden
          />
        ) : null}
      </span>
      {expanded ? <span className="flex-1 truncate">{label}</span> : null}
      {expanded ? <UnreadBadge count={badge} /> : null}
    </NavLink>
  );
  if (expanded) return link;
  return (
    <Tooltip>
      {/* A wrapper, because Slot would merge NavLink's className function into a string. */}
      <TooltipTrigger asChild>
        <span className="block">{link}</span>
      </TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}

function SidebarBody({ me, expanded, onSignOut }: { me: MeData; expanded: boolean; onSignOut: () => void }) {
  const { t } = useTranslation("dashboard");
  const creator = me.role !== "student";
  // Admin Panel only for platform admins (decision 0140, a departure from spec 001 §2).
  const menu = (creator ? CREATOR_MENU : STUDENT_MENU).filter(
    (item) => item.key !== "admin" || me.role === "admin",
  );
  const unread = useUnreadTotal();
  const platform = usePlatformName();
  return (
    <>
      <div className={cn("flex h-16 items-center px-3", !expanded && "justify-center px-0")}>
        <Link to="/dashboard" className="text-white" aria-label={platform}>
          <BrandMark compact={!expanded} />
        </Link>
      </div>
      {creator ? (
        <div className={cn("px-3 pb-3", !expanded && "px-1.5")}>
          <Button asChild variant="accent" className={cn("w-full", !expanded && "px-0")}>
            <Link to="/dashboard/course-builder" aria-label={expanded ? undefined : t("buildNewCourse")}>
              <PlusIcon aria-hidden />
              {expanded ? t("buildNewCourse") : null}
            </Link>
          </Button>
        </div>
      ) : null}
      <ul className={cn("flex flex-1 flex-col gap-1 overflow-y-auto px-3", !expanded && "px-1.5")}>
        {menu.map((item) => (
          <li key={item.key}>
            <MenuLink
              item={item}
              expanded={expanded}
              badge={item.to === "/dashboard/community" ? unread : 0}
            />
          </li>
        ))}
      </ul>
      <div className={cn("border-t border-white/10 p-3", !expanded && "px-1.5")}>
        <AccountLink expanded={expanded} />
        <button
          type="button"
          onClick={onSignOut}
          className={cn(
            "flex h-10 w-full items-center gap-3 rounded-md px-3 text-sm font-medium hover:bg-sidebar-accent cursor-pointer",
            !expanded && "justify-center px-0",
          )}
          aria-label={expanded ? undefined : t("signOut")}
        >
          <LogOutIcon className="size-5" aria-hidden />
          {expanded ? t("signOut") : null}
        </button>
      </div>
    </>
  );
}

/** "Account settings" above "Sign out" (issue 16 item 14). */
function AccountLink({ expanded }: { expanded: boolean }) {
  const { t } = useTranslation("account");
  return (
    <MenuLink
      item={{ to: "/dashboard/account", key: "account", icon: UserCogIcon }}
      expanded={expanded}
      label={t("page.title")}
    />
  );
}

/** The dashboard layout (spec 001 §2 Sidebar and header): sidebar, header greeting, language switch, sign out. */
export function Component() {
  const { t } = useTranslation("dashboard");
  const { t: tAccount } = useTranslation("account");
  const navigate = useNavigate();
  const { data: me } = useQuery(meQueryOptions);
  useProfileLanguage(me);
  const location = useLocation();
  const signOut = useSignOut();
  // One realtime connection per tab while signed in: new messages, unread counts (issue 6 §4), and
  // the notification bell's live count (issue 27 §2) on the same stream.
  const queryClient = useQueryClient();
  useMessagingEvents(Boolean(me), { onNotification: () => refreshNotifications(queryClient) });
  if (!me) return null;

  const handleSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        toast.success(t("toast.signedOut"));
        navigate("/auth?tab=signin", { replace: true });
      },
      onError: () => toast.error(t("toast.signOutFailed")),
    });

  return (
    <SidebarProvider>
      <Sidebar label={t("menu.label")} closeLabel={t("menu.close")}>
        {(expanded) => <SidebarBody me={me} expanded={expanded} onSignOut={handleSignOut} />}
      </Sidebar>
      <div className="flex min-w-0 flex-1 flex-col bg-muted/40">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-border bg-background/95 px-3 backdrop-blur sm:px-6">
          <SidebarTrigger label={t("menu.toggle")} />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm text-muted-foreground">
              {t(isNewAccount(me.createdAt) ? "header.welcome" : "header.welcomeBack")}
            </p>
            <p className="truncate font-semibold" data-testid="greeting-name">
              {me.fullName || me.email}
            </p>
          </div>
          <NotificationBell />
          <LanguageSwitch onChange={saveLocale} className="hidden sm:inline-flex" />
          <Link
            to="/dashboard/account"
            className="hidden rounded-full sm:flex"
            aria-label={tAccount("page.title")}
          >
            <Avatar name={me.fullName || me.email} src={me.avatarUrl} />
          </Link>
          <Button
            variant="outline"
            size="sm"
            onClick={handleSignOut}
            disabled={signOut.isPending}
            aria-label={t("signOut")}
            data-testid="sign-out"
          >
            <LogOutIcon aria-hidden />
            <span className="hidden sm:inline">{t("signOut")}</span>
          </Button>
        </header>
        <MaintenanceBanner />
        <div className="flex justify-end px-3 pt-3 sm:hidden">
          <LanguageSwitch onChange={saveLocale} />
        </div>
        <main className="mx-auto w-full max-w-6xl flex-1 px-3 py-6 sm:px-6">
          {me.role === "student" && isCreatorOnlyPath(location.pathname) ? <CreatorsOnly /> : <Outlet />}
        </main>
      </div>
    </SidebarProvider>
  );
}
