import { PanelLeftIcon } from "lucide-react";
import * as React from "react";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { TooltipProvider } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";

/**
 * The app-shell sidebar (spec 001 §2 Sidebar, §9): 16rem wide, 18rem as a drawer on phones,
 * 3rem when collapsed to icons; toggled with Ctrl/Cmd+B; the open state is kept in the
 * `sidebar_state` cookie for 7 days.
 */
export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = "16rem";
export const SIDEBAR_WIDTH_MOBILE = "18rem";
export const SIDEBAR_WIDTH_ICON = "3rem";
const MOBILE_QUERY = "(max-width: 767px)";

interface SidebarContextValue {
  open: boolean;
  setOpen(open: boolean): void;
  openMobile: boolean;
  setOpenMobile(open: boolean): void;
  isMobile: boolean;
  toggle(): void;
}

const SidebarContext = React.createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const ctx = React.useContext(SidebarContext);
  if (!ctx) throw new Error("useSidebar must be used inside SidebarProvider");
  return ctx;
}

/** Reads the remembered open state; open by default. */
export function readSidebarCookie(cookie: string): boolean {
  const match = /(?:^|;\s*)sidebar_state=(true|false)/.exec(cookie);
  return match ? match[1] === "true" : true;
}

function useIsMobile(): boolean {
  const [mobile, setMobile] = React.useState(
    () => typeof window !== "undefined" && window.matchMedia(MOBILE_QUERY).matches,
  );
  React.useEffect(() => {
    const mql = window.matchMedia(MOBILE_QUERY);
    const onChange = () => setMobile(mql.matches);
    mql.addEventListener("change", onChange);
    return () => mql.removeEventListener("change", onChange);
  }, []);
  return mobile;
}

export function SidebarProvider({ children }: { children: React.ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = React.useState(() => readSidebarCookie(document.cookie));
  const [openMobile, setOpenMobile] = React.useState(false);

  const setOpen = React.useCallback((value: boolean) => {
    setOpenState(value);
    document.cookie = `${SIDEBAR_COOKIE}=${value}; Path=/; Max-Age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
  }, []);

  const toggle = React.useCallback(() => {
    if (isMobile) setOpenMobile((v) => !v);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  React.useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "b" && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  const value = React.useMemo(
    () => ({ open, setOpen, openMobile, setOpenMobile, isMobile, toggle }),
    [open, setOpen, openMobile, isMobile, toggle],
  );
  return (
    <SidebarContext.Provider value={value}>
      <div
        className="flex min-h-svh w-full"
        style={
          {
            "--sidebar-width": SIDEBAR_WIDTH,
            "--sidebar-width-mobile": SIDEBAR_WIDTH_MOBILE,
            "--sidebar-width-icon": SIDEBAR_WIDTH_ICON,
          } as React.CSSProperties
        }
      >
        {/* Tooltips live only inside the app shell: their provider is here, not in the entry chunk (issue 17 §14). */}
        <TooltipProvider>{children}</TooltipProvider>
      </div>
    </SidebarContext.Provider>
  );
}

/**
 * The sidebar itself: a fixed column on desktop (full or icon width), a drawer on phones.
 * `children` receives whether the labels are shown.
 */
export function Sidebar({
  children,
  label,
  closeLabel,
}: {
  children: (expanded: boolean) => React.ReactNode;
  label: string;
  closeLabel: string;
}) {
  const { open, isMobile, openMobile, setOpenMobile } = useSidebar();
  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          closeLabel={closeLabel}
          className="w-[var(--sidebar-width-mobile)] bg-sidebar text-sidebar-foreground"
        >
          <SheetTitle className="sr-only">{label}</SheetTitle>
          <SheetDescription className="sr-only">{label}</SheetDescription>
          <nav aria-label={label} className="flex h-full flex-col">
            {children(true)}
          </nav>
        </SheetContent>
      </Sheet>
    );
  }
  return (
    <>
      <div
        aria-hidden
        className="shrink-0 transition-[width] duration-200"
        style={{ width: open ? "var(--sidebar-width)" : "var(--sidebar-width-icon)" }}
      />
      <nav
        aria-label={label}
        data-state={open ? "expanded" : "collapsed"}
        className="fixed inset-y-0 left-0 z-30 flex flex-col overflow-hidden bg-sidebar text-sidebar-foreground transition-[width] duration-200"
        style={{ width: open ? "var(--sidebar-width)" : "var(--sidebar-width-icon)" }}
      >
        {children(open)}
      </nav>
    </>
  );
}

export function SidebarTrigger({ className, label }: { className?: string; label: string }) {
  const { toggle, open, isMobile, openMobile } = useSidebar();
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={label}
      aria-expanded={isMobile ? openMobile : open}
      title={`${label} (Ctrl/⌘+B)`}
      className={cn(
        "inline-flex size-9 items-center justify-center rounded-md hover:bg-muted cursor-pointer",
        className,
      )}
    >
      <PanelLeftIcon className="size-5" />
    </button>
  );
}
