import { type BrandingKit, type PlatformSettingsInput, REPORT_REASONS, type Role } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import i18next from "i18next";
import { ShieldCheckIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Field } from "@/components/form/field";
import { FormError } from "@/components/form/form-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { formatDateTime } from "@/lib/format";
import {
  adminKitsQueryOptions,
  adminSubjectsQueryOptions,
  auditQueryOptions,
  platformSettingsQueryOptions,
  reportsQueryOptions,
  useChangeRole,
  useCreateSubject,
  useDeleteReport,
  useDeleteSubject,
  useReviewReport,
  usersQueryOptions,
  useSaveKit,
  useSaveSettings,
  useSuspend,
  useUpdateSubject,
} from "../api/admin";

function errorText(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}

function Loading() {
  return (
    <div className="flex justify-center p-8">
      <Spinner label={i18next.t("common:loading")} />
    </div>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">{text}</p>
  );
}

function SubjectsTab() {
  const { t } = useTranslation("admin");
  const subjects = useQuery(adminSubjectsQueryOptions);
  const create = useCreateSubject();
  const update = useUpdateSubject();
  const remove = useDeleteSubject();
  const [name, setName] = React.useState("");
  const [icon, setIcon] = React.useState("");
  const [description, setDescription] = React.useState("");
  const [error, setError] = React.useState("");
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError(t("subjects.nameRequired"));
      return;
    }
    setError("");
    create.mutate(
      { name, icon, description },
      {
        onSuccess: () => {
          toast.success(t("subjects.added"));
          setName("");
          setIcon("");
          setDescription("");
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="grid gap-3 sm:grid-cols-2">
        {subjects.isPending ? <Loading /> : null}
        {subjects.data?.subjects.length === 0 ? <Empty text={t("subjects.empty")} /> : null}
        {subjects.data?.subjects.map((s) => (
          <Card key={s.id} data-testid="subject-card">
            <CardContent className="flex flex-col gap-2 p-4">
              <div className="flex items-center gap-2">
                <span className="text-2xl" aria-hidden>
                  {s.icon}
                </span>
                <span className="min-w-0 flex-1 truncate font-semibold">{s.name}</span>
                <Badge variant={s.isActive ? "default" : "secondary"}>
                  {s.isActive ? t("subjects.active") : t("subjects.inactive")}
                </Badge>
              </div>
              {s.description ? <p className="text-sm text-muted-foreground">{s.description}</p> : null}
              <p className="text-sm">{t("subjects.courses", { count: s.totalCourses })}</p>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => update.mutate({ id: s.id, isActive: !s.isActive })}
                >
                  {s.isActive ? t("subjects.deactivate") : t("subjects.activate")}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={s.totalCourses > 0}
                  title={s.totalCourses > 0 ? t("subjects.inUse") : undefined}
                  onClick={() => {
                    if (window.confirm(t("subjects.confirmDelete", { name: s.name })))
                      remove.mutate(s.id, { onError: (err) => toast.error(errorText(err)) });
                  }}
                >
                  {t("delete")}
                </Button>
              </div>
            </CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("subjects.add")}</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
            <Field id="subject-name" label={t("subjects.name")}>
              <Input
                id="subject-name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={100}
              />
            </Field>
            <Field id="subject-icon" label={t("subjects.icon")}>
              <Input
                id="subject-icon"
                value={icon}
                placeholder="📚"
                onChange={(e) => setIcon(e.target.value)}
                maxLength={16}
              />
            </Field>
            <Field id="subject-description" label={t("subjects.description")}>
              <Textarea
                id="subject-description"
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                maxLength={500}
              />
            </Field>
            <FormError message={error} />
            <Button type="submit" disabled={create.isPending}>
              {t("subjects.add")}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

function ReportsTab() {
  const { t } = useTranslation("admin");
  const [status, setStatus] = React.useState<"all" | "pending" | "approved" | "rejected">("pending");
  const [page, setPage] = React.useState(1);
  const reports = useQuery(reportsQueryOptions(status, page));
  const review = useReviewReport();
  const remove = useDeleteReport();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-2">
        <Label htmlFor="report-status">{t("reports.status")}</Label>
        <NativeSelect
          id="report-status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as typeof status);
            setPage(1);
          }}
        >
          {(["pending", "approved", "rejected", "all"] as const).map((s) => (
            <option key={s} value={s}>
              {t(`reports.statuses.${s}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {reports.isPending ? <Loading /> : null}
      {reports.data?.reports.length === 0 ? <Empty text={t("reports.empty")} /> : null}
      <ul className="flex flex-col gap-3">
        {reports.data?.reports.map((r) => (
          <li key={r.id}>
            <Card data-testid="report-card">
              <CardContent className="flex flex-col gap-2 p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant="secondary">{t(`reports.types.${r.targetType}`)}</Badge>
                  <span className="min-w-0 flex-1 break-words font-semibold">
                    {r.targetTitle ?? r.targetId}
                  </span>
                  <Badge variant={r.status === "pending" ? "default" : "secondary"}>
                    {t(`reports.statuses.${r.status}`)}
                  </Badge>
                </div>
                <p className="break-words text-sm">
                  <span className="text-muted-foreground">{t("reports.reason")}: </span>
                  {(REPORT_REASONS as readonly string[]).includes(r.reason)
                    ? t(`report.reasons.${r.reason}`)
                    : r.reason}
                </p>
                {r.details ? (
                  <p className="whitespace-pre-line break-words text-sm" data-testid="report-details">
                    <span className="text-muted-foreground">{t("reports.details")}: </span>
                    {r.details}
                  </p>
                ) : null}
                <p className="break-words text-xs text-muted-foreground">
                  {t("reports.by", { reporter: r.reporterEmail ?? "—", owner: r.ownerEmail ?? "—" })} ·{" "}
                  {formatDateTime(r.createdAt, i18next.language)}
                </p>
                <div className="flex flex-wrap gap-2">
                  {r.status === "pending" ? (
                    <>
                      <Button
                        size="sm"
                        onClick={() =>
                          review.mutate(
                            { id: r.id, decision: "approved" },
                            { onSuccess: () => toast.success(t("reports.approved")) },
                          )
                        }
                      >
                        {t("reports.approve")}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() =>
                          review.mutate(
                            { id: r.id, decision: "rejected" },
                            { onSuccess: () => toast.success(t("reports.rejected")) },
                          )
                        }
                      >
                        {t("reports.reject")}
                      </Button>
                    </>
                  ) : null}
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => {
                      if (window.confirm(t("reports.confirmDelete"))) remove.mutate(r.id);
                    }}
                  >
                    {t("delete")}
                  </Button>
                </div>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      {reports.data ? (
        <Pagination
          page={page}
          pageSize={reports.data.pageSize}
          total={reports.data.total}
          onPageChange={setPage}
          label={t("pagination")}
        />
      ) : null}
    </div>
  );
}

/** Swatch order of a kit (jsonb does not keep the keys' order). */
const COLOR_KEYS = ["primary", "secondary", "accent", "background", "text"] as const;

const EMPTY_KIT = {
  name: "",
  theme: "custom" as const,
  colors: {
    primary: "#1A237E",
    secondary: "#00C7B1",
    accent: "#FF6F61",
    background: "#FFFFFF",
    text: "#0F172A",
  },
  fonts: { heading: "Inter", body: "Inter" },
  radius: 8,
  isActive: true,
};

function KitsTab() {
  const { t } = useTranslation("admin");
  const kits = useQuery(adminKitsQueryOptions);
  const save = useSaveKit();
  const [draft, setDraft] = React.useState<(typeof EMPTY_KIT & { id?: string }) | BrandingKit>(EMPTY_KIT);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(draft, {
      onSuccess: () => {
        toast.success(t("kits.saved"));
        setDraft(EMPTY_KIT);
      },
      onError: (err) => toast.error(errorText(err)),
    });
  };
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="grid gap-3 sm:grid-cols-2">
        {kits.isPending ? <Loading /> : null}
        {kits.data?.kits.map((k) => (
          <Card key={k.id}>
            <CardContent className="flex flex-col gap-3 p-4">
              <div className="flex items-center gap-2">
                <span className="flex-1 font-semibold">{k.name}</span>
                {!k.isActive ? <Badge variant="secondary">{t("subjects.inactive")}</Badge> : null}
              </div>
              <div className="flex gap-1" aria-hidden>
                {COLOR_KEYS.map((key) => (
                  <span
                    key={key}
                    title={t(`kits.colors.${key}`)}
                    className="size-7 border"
                    style={{ background: k.colors[key], borderRadius: k.radius }}
                  />
                ))}
              </div>
              <p className="text-xs text-muted-foreground">
                {k.fonts.heading} / {k.fonts.body} · {t("kits.radiusValue", { px: k.radius })}
              </p>
              <Button size="sm" variant="outline" onClick={() => setDraft(k)}>
                {t("edit")}
              </Button>
            </CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">
            {"id" in draft && draft.id ? t("kits.edit") : t("kits.add")}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="flex flex-col gap-3">
            <Field id="kit-name" label={t("kits.name")}>
              <Input
                id="kit-name"
                required
                value={draft.name}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              />
            </Field>
            <div className="grid grid-cols-5 gap-1">
              {COLOR_KEYS.map((key) => (
                <label key={key} className="flex flex-col items-center text-[10px]">
                  <input
                    type="color"
                    aria-label={t(`kits.colors.${key}`)}
                    value={draft.colors[key]}
                    onChange={(e) =>
                      setDraft({ ...draft, colors: { ...draft.colors, [key]: e.target.value } })
                    }
                    className="h-8 w-full"
                  />
                  {t(`kits.colors.${key}`)}
                </label>
              ))}
            </div>
            <div className="grid grid-cols-2 gap-2">
              <Input
                aria-label={t("kits.heading")}
                value={draft.fonts.heading}
                onChange={(e) => setDraft({ ...draft, fonts: { ...draft.fonts, heading: e.target.value } })}
              />
              <Input
                aria-label={t("kits.body")}
                value={draft.fonts.body}
                onChange={(e) => setDraft({ ...draft, fonts: { ...draft.fonts, body: e.target.value } })}
              />
            </div>
            <Label htmlFor="kit-radius">{t("kits.radiusValue", { px: draft.radius })}</Label>
            <input
              id="kit-radius"
              type="range"
              min={0}
              max={20}
              step={1}
              value={draft.radius}
              onChange={(e) => setDraft({ ...draft, radius: Number(e.target.value) })}
            />
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={draft.isActive}
                onChange={(e) => setDraft({ ...draft, isActive: e.target.checked })}
              />
              {t("subjects.active")}
            </label>
            <Button type="submit" disabled={save.isPending}>
              {t("save")}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

function SettingsTab() {
  const { t } = useTranslation("admin");
  const settings = useQuery(platformSettingsQueryOptions);
  const save = useSaveSettings();
  const [form, setForm] = React.useState<PlatformSettingsInput | null>(null);
  React.useEffect(() => {
    if (settings.data && !form) setForm(settings.data);
  }, [settings.data, form]);
  if (!form) return <Loading />;
  const field = (key: keyof PlatformSettingsInput) => ({
    id: `settings-${key}`,
    value: form[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setForm({ ...form, [key]: e.target.value }),
  });
  return (
    <Card className="max-w-2xl">
      <CardContent className="p-4">
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(form, {
              onSuccess: () => toast.success(t("settings.saved")),
              onError: (err) => toast.error(errorText(err)),
            });
          }}
        >
          <Field id="settings-platformName" label={t("settings.platformName")}>
            <Input {...field("platformName")} maxLength={60} />
          </Field>
          <Field id="settings-supportEmail" label={t("settings.supportEmail")}>
            <Input type="email" {...field("supportEmail")} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="settings-defaultLanguage" label={t("settings.defaultLanguage")}>
              <NativeSelect {...field("defaultLanguage")}>
                <option value="vi">Tiếng Việt</option>
                <option value="en">English</option>
              </NativeSelect>
            </Field>
            <Field id="settings-signupMode" label={t("settings.signupMode")}>
              <NativeSelect {...field("signupMode")}>
                {(["open", "invite-only", "closed"] as const).map((m) => (
                  <option key={m} value={m}>
                    {t(`settings.modes.${m}`)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
          <Field id="settings-liveChatHours" label={t("settings.liveChatHours")}>
            <Input {...field("liveChatHours")} maxLength={60} />
          </Field>
          <Field id="settings-maintenanceBanner" label={t("settings.maintenanceBanner")}>
            <Textarea
              {...field("maintenanceBanner")}
              maxLength={300}
              placeholder={t("settings.bannerHint")}
            />
          </Field>
          <Button type="submit" className="self-start" disabled={save.isPending}>
            {t("save")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

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
      {users.isPending ? <Loading /> : null}
      {users.data?.users.length === 0 ? <Empty text={t("users.empty")} /> : null}
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
            <NativeSelect
              aria-label={t("users.role")}
              value={u.role}
              disabled={u.userId === myId}
              onChange={(e) =>
                role.mutate(
                  { id: u.userId, role: e.target.value as Role },
                  { onSuccess: () => toast.success(t("users.roleChanged")) },
                )
              }
            >
              {(["student", "creator", "admin"] as const).map((r) => (
                <option key={r} value={r}>
                  {t(`users.roles.${r}`)}
                </option>
              ))}
            </NativeSelect>
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
      {users.data ? (
        <Pagination
          page={page}
          pageSize={users.data.pageSize}
          total={users.data.total}
          onPageChange={setPage}
          label={t("pagination")}
        />
      ) : null}
    </div>
  );
}

function AuditTab() {
  const { t } = useTranslation("admin");
  const [page, setPage] = React.useState(1);
  const audit = useQuery(auditQueryOptions(page));
  return (
    <div className="flex flex-col gap-3">
      {audit.isPending ? <Loading /> : null}
      {audit.data?.entries.length === 0 ? <Empty text={t("audit.empty")} /> : null}
      <ul className="flex flex-col gap-2">
        {audit.data?.entries.map((e) => (
          <li key={e.id} className="rounded-lg border bg-background p-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary">{e.action}</Badge>
              <span className="break-all">{e.actorEmail}</span>
              <span className="break-all text-muted-foreground">
                {e.targetType}
                {e.targetId ? ` ${e.targetId.slice(0, 8)}` : ""}
              </span>
              <span className="ml-auto text-xs text-muted-foreground">
                {formatDateTime(e.createdAt, i18next.language)}
              </span>
            </div>
            <details className="mt-1">
              <summary className="cursor-pointer text-xs text-muted-foreground">{t("audit.details")}</summary>
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
      {audit.data ? (
        <Pagination
          page={page}
          pageSize={audit.data.pageSize}
          total={audit.data.total}
          onPageChange={setPage}
          label={t("pagination")}
        />
      ) : null}
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
        <TabsList className="flex h-auto w-full flex-wrap justify-start">
          {(["subjects", "content", "kits", "settings", "users", "audit"] as const).map((tab) => (
            <TabsTrigger key={tab} value={tab} className="flex-none">
              {t(`tabs.${tab}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="subjects">
          <SubjectsTab />
        </TabsContent>
        <TabsContent value="content">
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
