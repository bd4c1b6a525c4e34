import {
  FAQ_CATEGORIES,
  type FaqEntry,
  FEATURE_CATEGORIES,
  FEATURE_STATUSES,
  type FeatureRequest,
  type Guide,
  HELP_MESSAGES,
  type Ticket,
} from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import i18next from "i18next";
import { ChevronUpIcon, MailIcon, MessageCircleIcon, SearchIcon, Trash2Icon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Field } from "@/components/form/field";
import { FormCard } from "@/components/form/form-card";
import { FormError } from "@/components/form/form-error";
import { OptionsSelect } from "@/components/form/options-select";
import { TextField } from "@/components/form/text-field";
import { EmptyState, LoadingState, QueryList } from "@/components/list-states";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Tabs, TabsContent } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { WrappingTabsList } from "@/components/ui/wrapping-tabs-list";
import { formatDate, formatDateTime } from "@/lib/format";
import { errorText } from "@/lib/utils";
import {
  contactOptionsQueryOptions,
  faqQueryOptions,
  guidesQueryOptions,
  requestsQueryOptions,
  ticketQueryOptions,
  ticketsQueryOptions,
  useContactInstructor,
  useCreateRequest,
  useCreateTicket,
  useDeleteGuide,
  usePublishGuide,
  useReply,
  useRequestStatus,
  useTicketStatus,
  useToggleVote,
} from "../api/help";
import { HelpEditor } from "./help-editor";

/**
 * The guides' markdown renderer (marked + DOMPurify, ~20 KB gzip) is not part of the page's first
 * load (issue 17 §14): the Help Center fetches it once rendered, before anyone opens a guide.
 */
const loadMarkdown = () => import("./markdown");
const Markdown = React.lazy(() => loadMarkdown().then((module) => ({ default: module.Markdown })));

function FaqTab({ withCategories, admin = false }: { withCategories: boolean; admin?: boolean }) {
  const { t, i18n } = useTranslation("help");
  const vi = i18n.language === "vi";
  const [search, setSearch] = React.useState("");
  const [query, setQuery] = React.useState("");
  const [category, setCategory] = React.useState("");
  React.useEffect(() => {
    const id = setTimeout(() => setQuery(search.trim()), 250);
    return () => clearTimeout(id);
  }, [search]);
  const faq = useQuery(faqQueryOptions(query, category));
  const [editing, setEditing] = React.useState<FaqEntry | null>(null);
  const list = (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <SearchIcon className="absolute left-3 top-3 size-4 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            className="pl-9"
            aria-label={t("faq.search")}
            placeholder={t("faq.search")}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        {withCategories ? (
          <OptionsSelect
            aria-label={t("faq.category")}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            options={FAQ_CATEGORIES}
            labelOf={(c) => t(`faq.categories.${c}`)}
          >
            <option value="">{t("faq.allCategories")}</option>
          </OptionsSelect>
        ) : null}
      </div>
      <QueryList pending={faq.isPending} items={faq.data?.entries} empty={t("faq.empty")} />
      <div className="flex flex-col gap-2">
        {faq.data?.entries.map((e) => (
          <details key={e.id} className="rounded-lg border bg-background p-4">
            <summary className="cursor-pointer font-medium">{vi ? e.questionVi : e.questionEn}</summary>
            <p className="mt-2 text-sm text-muted-foreground">{vi ? e.answerVi : e.answerEn}</p>
            {admin ? (
              <Button size="sm" variant="outline" className="mt-2" onClick={() => setEditing(e)}>
                {t("faqAdmin.edit")}
              </Button>
            ) : null}
          </details>
        ))}
      </div>
    </div>
  );
  if (!admin) return list;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      {list}
      <HelpEditor kind="faq" editing={editing} onDone={() => setEditing(null)} />
    </div>
  );
}

function GuidesTab({ contact, admin = false }: { contact?: React.ReactNode; admin?: boolean }) {
  const { t, i18n } = useTranslation("help");
  const vi = i18n.language === "vi";
  const guides = useQuery(guidesQueryOptions);
  const [editing, setEditing] = React.useState<Guide | null>(null);
  const list = (
    <div className="flex min-w-0 flex-col gap-4">
      {contact}
      <QueryList pending={guides.isPending} items={guides.data?.guides} empty={t("guides.empty")}>
        {guides.data?.guides.map((g) => (
          <Card key={g.id} data-testid="guide">
            <CardHeader className="gap-2">
              <CardTitle className="flex flex-wrap items-center gap-2 text-lg">
                <span className="min-w-0 break-words">{vi ? g.titleVi : g.titleEn}</span>
                {admin ? (
                  <Badge variant={g.isPublished ? "success" : "secondary"}>
                    {g.isPublished ? t("guideAdmin.published") : t("guideAdmin.draft")}
                  </Badge>
                ) : null}
              </CardTitle>
              {admin ? <GuideActions guide={g} onEdit={() => setEditing(g)} /> : null}
            </CardHeader>
            <CardContent className="min-w-0 break-words">
              <React.Suspense fallback={<LoadingState />}>
                <Markdown source={vi ? g.bodyVi : g.bodyEn} />
              </React.Suspense>
            </CardContent>
          </Card>
        ))}
      </QueryList>
    </div>
  );
  if (!admin) return list;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
      {list}
      <div className="order-first lg:order-none">
        <HelpEditor kind="guide" editing={editing} onDone={() => setEditing(null)} />
      </div>
    </div>
  );
}

/** Admin buttons of one guide: Edit, Publish / Unpublish, and Delete behind a confirmation. */
function GuideActions({ guide, onEdit }: { guide: Guide; onEdit: () => void }) {
  const { t, i18n } = useTranslation("help");
  const publish = usePublishGuide();
  const remove = useDeleteGuide();
  const [confirm, setConfirm] = React.useState(false);
  const fail = (err: unknown) => toast.error(errorText(err));
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={onEdit}>
        {t("faqAdmin.edit")}
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={publish.isPending}
        onClick={() =>
          publish.mutate(
            { id: guide.id, isPublished: !guide.isPublished },
            {
              onSuccess: (g) =>
                toast.success(g.isPublished ? t("guideAdmin.nowPublished") : t("guideAdmin.nowDraft")),
              onError: fail,
            },
          )
        }
      >
        {guide.isPublished ? t("guideAdmin.unpublish") : t("guideAdmin.publish")}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setConfirm(true)} disabled={remove.isPending}>
        <Trash2Icon className="size-4" aria-hidden />
        {t("faqAdmin.delete")}
      </Button>
      <AlertDialog open={confirm} onOpenChange={setConfirm}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("guideAdmin.confirmTitle")}</AlertDialogTitle>
            <AlertDialogDescription>
              {t("guideAdmin.confirmText", {
                title: i18n.language === "vi" ? guide.titleVi : guide.titleEn,
              })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("guideAdmin.cancel")}</AlertDialogCancel>
            <AlertDialogAction
              onClick={() =>
                remove.mutate(guide.id, {
                  onSuccess: () => toast.success(t("guideAdmin.deleted")),
                  onError: fail,
                })
              }
            >
              {t("faqAdmin.delete")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

function statusVariant(status: string) {
  return status === "resolved" || status === "completed"
    ? "success"
    : status === "open" || status === "under-review"
      ? "default"
      : "secondary";
}

function TicketThread({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation("help");
  const ticket = useQuery(ticketQueryOptions(id));
  const reply = useReply();
  const setStatus = useTicketStatus();
  const [body, setBody] = React.useState("");
  if (!ticket.data) return <LoadingState />;
  const tk = ticket.data;
  return (
    <Card data-testid="ticket-thread">
      <CardHeader className="flex flex-row flex-wrap items-center gap-2">
        <CardTitle className="min-w-0 flex-1 break-words text-lg">{tk.subject}</CardTitle>
        <Badge variant={statusVariant(tk.status)}>{t(`tickets.statuses.${tk.status}`)}</Badge>
        <Button size="sm" variant="ghost" onClick={onClose}>
          {t("close")}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-xs text-muted-foreground">
          {tk.requesterName} · {t(`tickets.priorities.${tk.priority}`)}
          {tk.courseTitle ? ` · ${tk.courseTitle}` : ""}
        </p>
        <p className="whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-sm">{tk.description}</p>
        <ol className="flex flex-col gap-2">
          {tk.replies.map((r) => (
            <li
              key={r.id}
              className={`rounded-md border p-3 text-sm ${r.fromStaff ? "border-primary/40 bg-primary/5" : ""}`}
            >
              <p className="text-xs text-muted-foreground">
                {r.authorName} · {formatDateTime(r.createdAt, i18next.language)}
              </p>
              <p className="whitespace-pre-wrap break-words">{r.body}</p>
            </li>
          ))}
        </ol>
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!body.trim()) return toast.error(HELP_MESSAGES.required);
            reply.mutate(
              { id, body },
              {
                onSuccess: () => {
                  setBody("");
                  toast.success(t("tickets.replied"));
                },
                onError: (err) => toast.error(errorText(err)),
              },
            );
          }}
        >
          <Label htmlFor="ticket-reply">{t("tickets.reply")}</Label>
          <Textarea
            id="ticket-reply"
            value={body}
            onChange={(e) => setBody(e.target.value)}
            maxLength={5000}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={reply.isPending}>
              {t("tickets.send")}
            </Button>
            {tk.canManage ? (
              <OptionsSelect
                aria-label={t("tickets.setStatus")}
                value={tk.status}
                onChange={(e) => setStatus.mutate({ id, status: e.target.value as Ticket["status"] })}
                options={["open", "pending", "resolved"] as const}
                labelOf={(s) => t(`tickets.statuses.${s}`)}
              />
            ) : tk.status !== "resolved" ? (
              <Button
                type="button"
                variant="outline"
                onClick={() => setStatus.mutate({ id, status: "resolved" })}
              >
                {t("tickets.markResolved")}
              </Button>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function TicketList({ box, onOpen }: { box: "mine" | "inbox"; onOpen: (id: string) => void }) {
  const { t } = useTranslation("help");
  const [page, setPage] = React.useState(1);
  const tickets = useQuery(ticketsQueryOptions(box, page));
  return (
    <div className="flex flex-col gap-2">
      <QueryList
        pending={tickets.isPending}
        items={tickets.data?.tickets}
        empty={box === "mine" ? t("tickets.emptyMine") : t("tickets.emptyInbox")}
        paging={{ data: tickets.data, page, onPageChange: setPage, label: t("pagination") }}
      >
        {tickets.data?.tickets.map((tk) => (
          <button
            key={tk.id}
            type="button"
            onClick={() => onOpen(tk.id)}
            className="flex cursor-pointer flex-col gap-1 rounded-lg border bg-background p-3 text-left hover:bg-muted/60"
          >
            <span className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 flex-1 break-words font-medium">{tk.subject}</span>
              <Badge variant={statusVariant(tk.status)}>{t(`tickets.statuses.${tk.status}`)}</Badge>
            </span>
            <span className="text-xs text-muted-foreground">
              {box === "inbox" ? `${tk.requesterName} · ` : ""}
              {t(`tickets.priorities.${tk.priority}`)} · {t("tickets.replies", { count: tk.replyCount })} ·{" "}
              {formatDate(tk.updatedAt, i18next.language)}
            </span>
          </button>
        ))}
      </QueryList>
    </div>
  );
}

function NewTicketForm() {
  const { t } = useTranslation("help");
  const create = useCreateTicket();
  const [subject, setSubject] = React.useState("");
  const [description, setDescription] = React.useState("");
  const [priority, setPriority] = React.useState<"low" | "medium" | "high">("medium");
  const [error, setError] = React.useState("");
  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!subject.trim() || !description.trim()) return setError(t("required"));
        setError("");
        create.mutate(
          { subject, description, priority },
          {
            onSuccess: () => {
              toast.success(t("tickets.created"));
              setSubject("");
              setDescription("");
            },
            onError: (err) => setError(errorText(err)),
          },
        );
      }}
    >
      <TextField
        id="ticket-subject"
        label={t("tickets.subject")}
        value={subject}
        onChange={setSubject}
        maxLength={200}
      />
      <TextField
        id="ticket-description"
        label={t("tickets.description")}
        value={description}
        onChange={setDescription}
        maxLength={5000}
        multiline
      />
      <Field id="ticket-priority" label={t("tickets.priority")}>
        <OptionsSelect
          id="ticket-priority"
          value={priority}
          onChange={(e) => setPriority(e.target.value as typeof priority)}
          options={["low", "medium", "high"] as const}
          labelOf={(p) => t(`tickets.priorities.${p}`)}
        />
      </Field>
      <FormError message={error} />
      <Button type="submit" disabled={create.isPending}>
        {t("tickets.submit")}
      </Button>
    </form>
  );
}

function TicketsTab({ answers }: { answers: boolean }) {
  const { t } = useTranslation("help");
  const [open, setOpen] = React.useState<string | null>(() =>
    new URLSearchParams(window.location.search).get("ticket"),
  );
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="flex min-w-0 flex-col gap-6">
        {open ? <TicketThread id={open} onClose={() => setOpen(null)} /> : null}
        {answers ? (
          <section className="flex flex-col gap-2">
            <h2 className="font-semibold">{t("tickets.inbox")}</h2>
            <TicketList box="inbox" onOpen={setOpen} />
          </section>
        ) : null}
        <section className="flex flex-col gap-2">
          <h2 className="font-semibold">{t("tickets.mine")}</h2>
          <TicketList box="mine" onOpen={setOpen} />
        </section>
      </div>
      <FormCard title={t("tickets.new")}>
        <NewTicketForm />
      </FormCard>
    </div>
  );
}

function RequestCard({ r, admin }: { r: FeatureRequest; admin: boolean }) {
  const { t } = useTranslation("help");
  const vote = useToggleVote();
  const status = useRequestStatus();
  return (
    <Card data-testid="feature-request">
      <CardContent className="flex gap-3 p-4">
        <Button
          variant={r.hasVoted ? "default" : "outline"}
          className="h-auto flex-col px-3 py-2"
          aria-pressed={r.hasVoted}
          aria-label={t("roadmap.vote", { title: r.title })}
          disabled={vote.isPending}
          onClick={() => vote.mutate(r.id)}
        >
          <ChevronUpIcon aria-hidden />
          <span data-testid="votes">{r.votes}</span>
        </Button>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 flex-1 break-words font-semibold">{r.title}</span>
            <Badge variant="outline">{t(`roadmap.categories.${r.category}`)}</Badge>
            <Badge variant={statusVariant(r.status)}>{t(`roadmap.statuses.${r.status}`)}</Badge>
          </div>
          <p className="break-words text-sm text-muted-foreground">{r.description}</p>
          <p className="text-xs text-muted-foreground">{t("roadmap.by", { name: r.submittedBy })}</p>
          {admin ? (
            <OptionsSelect
              aria-label={t("roadmap.setStatus")}
              className="self-start"
              value={r.status}
              onChange={(e) =>
                status.mutate({ id: r.id, status: e.target.value as FeatureRequest["status"] })
              }
              options={FEATURE_STATUSES}
              labelOf={(s) => t(`roadmap.statuses.${s}`)}
            />
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

function RoadmapTab({ admin }: { admin: boolean }) {
  const { t } = useTranslation("help");
  const [page, setPage] = React.useState(1);
  const requests = useQuery(requestsQueryOptions(page));
  const create = useCreateRequest();
  const [title, setTitle] = React.useState("");
  const [description, setDescription] = React.useState("");
  const [category, setCategory] = React.useState<FeatureRequest["category"]>("features");
  const [error, setError] = React.useState("");
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="flex min-w-0 flex-col gap-3">
        <QueryList
          pending={requests.isPending}
          items={requests.data?.requests}
          empty={t("roadmap.empty")}
          paging={{ data: requests.data, page, onPageChange: setPage, label: t("pagination") }}
        >
          {requests.data?.requests.map((r) => (
            <RequestCard key={r.id} r={r} admin={admin} />
          ))}
        </QueryList>
      </div>
      <FormCard title={t("roadmap.new")}>
        <form
          className="flex flex-col gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!title.trim() || !description.trim()) return setError(t("required"));
            setError("");
            create.mutate(
              { title, description, category },
              {
                onSuccess: () => {
                  toast.success(t("roadmap.created"));
                  setTitle("");
                  setDescription("");
                },
                onError: (err) => setError(errorText(err)),
              },
            );
          }}
        >
          <TextField
            id="request-title"
            label={t("roadmap.title")}
            value={title}
            onChange={setTitle}
            maxLength={150}
          />
          <TextField
            id="request-description"
            label={t("roadmap.description")}
            value={description}
            onChange={setDescription}
            maxLength={3000}
            multiline
          />
          <Field id="request-category" label={t("roadmap.category")}>
            <OptionsSelect
              id="request-category"
              value={category}
              onChange={(e) => setCategory(e.target.value as typeof category)}
              options={FEATURE_CATEGORIES}
              labelOf={(c) => t(`roadmap.categories.${c}`)}
            />
          </Field>
          <FormError message={error} />
          <Button type="submit" disabled={create.isPending}>
            {t("roadmap.submit")}
          </Button>
        </form>
      </FormCard>
    </div>
  );
}

function ContactInstructorTab({ messageLink }: { messageLink?: (courseId: string) => React.ReactNode }) {
  const { t } = useTranslation("help");
  const options = useQuery(contactOptionsQueryOptions);
  const send = useContactInstructor();
  const [courseId, setCourseId] = React.useState("");
  const [subject, setSubject] = React.useState("");
  const [message, setMessage] = React.useState("");
  const [priority, setPriority] = React.useState<"low" | "normal" | "high">("normal");
  const [error, setError] = React.useState("");
  const [sent, setSent] = React.useState(false);
  if (options.isPending) return <LoadingState />;
  const courses = options.data?.courses ?? [];
  if (courses.length === 0) return <EmptyState text={t("contact.noCourses")} />;
  const selected = courseId || courses[0].courseId;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <Card>
        <CardContent className="p-4">
          <form
            className="flex flex-col gap-3"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!subject.trim() || !message.trim()) return setError(t("required"));
              setError("");
              send.mutate(
                { subject, message, priority, courseId: selected },
                {
                  onSuccess: () => {
                    setSent(true);
                    toast.success(t("contact.sent"));
                    setSubject("");
                    setMessage("");
                  },
                  onError: (err) => setError(errorText(err)),
                },
              );
            }}
          >
            <Field id="contact-course" label={t("contact.course")}>
              <NativeSelect
                id="contact-course"
                value={selected}
                onChange={(e) => setCourseId(e.target.value)}
              >
                {courses.map((c) => (
                  <option key={c.courseId} value={c.courseId}>
                    {c.courseTitle} — {c.instructorName}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <TextField
              id="contact-subject"
              label={t("tickets.subject")}
              value={subject}
              onChange={setSubject}
              maxLength={200}
            />
            <TextField
              id="contact-message"
              label={t("contact.message")}
              value={message}
              onChange={setMessage}
              maxLength={5000}
              multiline
            />
            <Field id="contact-priority" label={t("tickets.priority")}>
              <OptionsSelect
                id="contact-priority"
                value={priority}
                onChange={(e) => setPriority(e.target.value as typeof priority)}
                options={["low", "normal", "high"] as const}
                labelOf={(p) => t(`contact.priorities.${p}`)}
              />
            </Field>
            <FormError message={error} />
            {sent ? (
              <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-800">
                {t("contact.sent")}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center gap-2">
              <Button type="submit" disabled={send.isPending}>
                <MailIcon aria-hidden />
                {t("contact.send")}
              </Button>
              {messageLink ? messageLink(selected) : null}
            </div>
          </form>
        </CardContent>
      </Card>
      <section className="flex flex-col gap-2">
        <h2 className="font-semibold">{t("tickets.mine")}</h2>
        <TicketsOfStudent />
      </section>
    </div>
  );
}

function TicketsOfStudent() {
  const [open, setOpen] = React.useState<string | null>(null);
  return (
    <div className="flex flex-col gap-3">
      {open ? <TicketThread id={open} onClose={() => setOpen(null)} /> : null}
      <TicketList box="mine" onOpen={setOpen} />
    </div>
  );
}

function SupportContact({ supportEmail, liveChatHours }: { supportEmail: string; liveChatHours: string }) {
  const { t } = useTranslation("help");
  return (
    <Card>
      <CardContent className="grid gap-3 p-4 sm:grid-cols-2">
        <p className="flex items-center gap-2 text-sm">
          <MailIcon className="size-4 shrink-0" aria-hidden />
          <span>
            {t("contact.email")}:{" "}
            <a className="break-all font-medium underline" href={`mailto:${supportEmail}`}>
              {supportEmail}
            </a>
          </span>
        </p>
        <p className="flex items-center gap-2 text-sm">
          <MessageCircleIcon className="size-4 shrink-0" aria-hidden />
          <span>{t("contact.liveChat", { hours: liveChatHours })}</span>
        </p>
      </CardContent>
    </Card>
  );
}

/**
 * The Help Center (spec 001 §2 Help and support; issue 14). Creators: FAQ, Support Tickets (their
 * own and their students'), Roadmap, Guides. Students: FAQ with categories, Contact Instructor,
 * Learning Guides with the support e-mail and live-chat hours from Settings.
 */
export function HelpCenter({
  role,
  settings,
  messageLink,
}: {
  role: "student" | "creator" | "admin";
  settings: { supportEmail: string; liveChatHours: string };
  messageLink?: (courseId: string) => React.ReactNode;
}) {
  const { t } = useTranslation("help");
  const student = role === "student";
  React.useEffect(() => {
    void loadMarkdown().catch(() => undefined); // retried by the Guides tab if this fails
  }, []);
  const tabs = student
    ? (["faq", "contact", "guides"] as const)
    : (["faq", "tickets", "roadmap", "guides"] as const);
  return (
    <>
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        <p className="mt-1 text-muted-foreground">{student ? t("subtitleStudent") : t("subtitleCreator")}</p>
      </div>
      <Tabs defaultValue={new URLSearchParams(window.location.search).get("tab") ?? "faq"}>
        <WrappingTabsList
          tabs={tabs}
          labelOf={(tab) => t(`tabs.${student && tab === "guides" ? "learningGuides" : tab}`)}
        />
        <TabsContent value="faq">
          <FaqTab withCategories={student} admin={role === "admin"} />
        </TabsContent>
        {student ? (
          <>
            <TabsContent value="contact">
              <ContactInstructorTab messageLink={messageLink} />
            </TabsContent>
            <TabsContent value="guides">
              <GuidesTab contact={<SupportContact {...settings} />} />
            </TabsContent>
          </>
        ) : (
          <>
            <TabsContent value="tickets">
              <TicketsTab answers />
            </TabsContent>
            <TabsContent value="roadmap">
              <RoadmapTab admin={role === "admin"} />
            </TabsContent>
            <TabsContent value="guides">
              <GuidesTab admin={role === "admin"} />
            </TabsContent>
          </>
        )}
      </Tabs>
    </>
  );
}
