import type { Role } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import i18next from "i18next";
import { ShieldCheckIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { OptionsSelect } from "@/components/form/options-select";
import { QueryList } from "@/components/list-states";
import { SecurityEventRow } from "@/components/security-event-row";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Tabs, TabsContent } from "@/components/ui/tabs";
import { WrappingTabsList } from "@/components/ui/wrapping-tabs-list";
import { formatDateTime } from "@/lib/format";
import {
  auditQueryOptions,
  securityEventsQueryOptions,
  useChangeRole,
  usersQueryOptions,
  useSuspend,
} from "../api/admin";
import { KitsTab } from "./kits-tab";
import { LibraryTab } from "./library-tab";
import { ReportsTab } from "./reports-tab";
import { SettingsTab } from "./settings-tab";
import { SubjectsTab } from "./subjects-tab";

function UsersTab({ myId }: { myId: string }) {
  const { t } = useTranslation("admin");
  const [search, setSearch] = React.useState("");
  const [query, setQuery] = React.useState("");
  const [page, setPage] = React.useState(1);
  const users = useQuery(usersQueryOptions(query, page));
  const role = useChangeRole();
  const suspend = useSuspend();
  React.useEffect(() => {
    const id = setTimeout(() => {
      setQuery(search.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(id);
  }, [search]);
  return (
    <div className="flex flex-col gap-4">
      <Input
        type="search"
        aria-label={t("users.search")}
        placeholder={t("users.search")}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="max-w-sm"
      />
      <QueryList
        pending={users.isPending}
        items={users.data?.users}
        empty={t("users.empty")}
        paging={{ data: users.data, page, onPageChange: setPage, label: t("pagination") }}
      >
        <ul className="flex flex-col gap-2">
          {users.data?.users.map((u) => (
            <li
              key={u.userId}
              className="flex flex-col gap-2 rounded-lg border bg-background p-3 sm:flex-row sm:items-center"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{u.fullName ?? u.email}</p>
                <p className="truncate text-sm text-muted-foreground">{u.email}</p>
              </div>
              {u.suspended ? (
                <Badge variant="outline" className="border-destructive text-destructive">
                  {t("users.suspended")}
                </Badge>
              ) : null}
              <OptionsSelect
                aria-label={t("users.role")}
                value={u.role}
                disabled={u.userId === myId}
                onChange={(e) =>
                  role.mutate(
                    { id: u.userId, role: e.target.value as Role },
                    { onSuccess: () => toast.success(t("users.roleChanged")) },
                  )
                }
                options={["student", "creator", "admin"] as const}
                labelOf={(r) => t(`users.roles.${r}`)}
              />
              <Button
                size="sm"
                variant={u.suspended ? "outline" : "destructive"}
                disabled={u.userId === myId}
                onClick={() => {
                  if (u.suspended || window.confirm(t("users.confirmSuspend", { email: u.email })))
                    suspend.mutate({ id: u.userId, suspend: !u.suspended });
                }}
              >
                {u.suspended ? t("users.restore") : t("users.suspend")}
              </Button>
            </li>
          ))}
        </ul>
      </QueryList>
    </div>
  );
}

/** The security events of every account (issue 25 item 7), 20 a page. */
function SecurityEventsList() {
  const { t } = useTranslation("admin");
  const [page, setPage] = React.useState(1);
  const events = useQuery(securityEventsQueryOptions(page));
  return (
    <QueryList
      pending={events.isPending}
      items={events.data?.events}
      empty={t("audit.securityEmpty")}
      paging={{ data: events.data, page, onPageChange: setPage, label: t("pagination") }}
    >
      {events.data?.events.length ? (
        <ul className="flex flex-col gap-2">
          {events.data.events.map((event) => (
            <SecurityEventRow key={event.id} event={event} showEmail />
          ))}
        </ul>
      ) : null}
    </QueryList>
  );
}

function AuditTab() {
  const { t } = useTranslation("admin");
  const [view, setView] = React.useState<"admin" | "security">("admin");
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant={view === "admin" ? "default" : "outline"}
          aria-pressed={view === "admin"}
          onClick={() => setView("admin")}
        >
          {t("audit.adminActions")}
        </Button>
        <Button
          size="sm"
          variant={view === "security" ? "default" : "outline"}
          aria-pressed={view === "security"}
          onClick={() => setView("security")}
        >
          {t("audit.securityEvents")}
        </Button>
      </div>
      {view === "admin" ? <AdminActionsList /> : <SecurityEventsList />}
    </div>
  );
}

function AdminActionsList() {
  const { t } = useTranslation("admin");
  const [page, setPage] = React.useState(1);
  const audit = useQuery(auditQueryOptions(page));
  return (
    <div className="flex flex-col gap-3">
      <QueryList
        pending={audit.isPending}
        items={audit.data?.entries}
        empty={t("audit.empty")}
        paging={{ data: audit.data, page, onPageChange: setPage, label: t("pagination") }}
      >
        <ul className="flex flex-col gap-2">
          {audit.data?.entries.map((e) => (
            <li key={e.id} className="rounded-lg border bg-background p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="secondary" data-testid="audit-action">
                  {t(`audit.actions.${e.action}`, { defaultValue: e.action })}
                </Badge>
                <span className="break-all">{e.actorEmail}</span>
                <span className="break-all text-muted-foreground">
                  {t(`reports.types.${e.targetType}`, { defaultValue: e.targetType })}
                </span>
                <span className="ml-auto text-xs text-muted-foreground">
                  {formatDateTime(e.createdAt, i18next.language)}
                </span>
              </div>
              <details className="mt-1">
                <summary className="cursor-pointer text-xs text-muted-foreground">
                  {t("audit.details")}
                </summary>
                <div className="mt-1 grid gap-2 sm:grid-cols-2">
                  <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-muted p-2 text-xs">
                    {t("audit.before")}: {JSON.stringify(e.before, null, 1)}
                  </pre>
                  <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-muted p-2 text-xs">
                    {t("audit.after")}: {JSON.stringify(e.after, null, 1)}
                  </pre>
                </div>
              </details>
            </li>
          ))}
        </ul>
      </QueryList>
    </div>
  );
}

/** The Admin Panel (spec 001 §2 Platform administration; issue 14): admins only. */
export function AdminPanel({ myId }: { myId: string }) {
  const { t } = useTranslation("admin");
  return (
    <>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        <Badge className="gap-1">
          <ShieldCheckIcon className="size-3.5" aria-hidden />
          {t("badge")}
        </Badge>
      </div>
      <Tabs defaultValue="subjects">
        <WrappingTabsList
          tabs={["subjects", "content", "reports", "kits", "settings", "users", "audit"] as const}
          labelOf={(tab) => t(`tabs.${tab}`)}
        />
        <TabsContent value="subjects">
          <SubjectsTab />
        </TabsContent>
        <TabsContent value="content">
          <LibraryTab />
        </TabsContent>
        <TabsContent value="reports">
          <ReportsTab />
        </TabsContent>
        <TabsContent value="kits">
          <KitsTab />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab myId={myId} />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
