import { HELP_MESSAGES, type Ticket } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import i18next from "i18next";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Field } from "@/components/form/field";
import { FormCard } from "@/components/form/form-card";
import { FormError } from "@/components/form/form-error";
import { OptionsSelect } from "@/components/form/options-select";
import { TextField } from "@/components/form/text-field";
import { LoadingState, QueryList } from "@/components/list-states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { formatDate, formatDateTime } from "@/lib/format";
import { errorText } from "@/lib/utils";
import {
  ticketQueryOptions,
  ticketsQueryOptions,
  useCreateTicket,
  useReply,
  useTicketStatus,
} from "../api/help";

/** The badge variant of a ticket's or a feature request's status. */
export function statusVariant(status: string) {
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

/** Creators' Support Tickets tab: the open thread, the inbox (with `answers`), their own tickets and New Ticket (issue 14). */
export function TicketsTab({ answers }: { answers: boolean }) {
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

/** A student's own tickets with the opened thread above the list. */
export function TicketsOfStudent() {
  const [open, setOpen] = React.useState<string | null>(null);
  return (
    <div className="flex flex-col gap-3">
      {open ? <TicketThread id={open} onClose={() => setOpen(null)} /> : null}
      <TicketList box="mine" onOpen={setOpen} />
    </div>
  );
}
