import type { InvitationResult } from "@academy/shared";
import { CheckIcon, CopyIcon, MailPlusIcon, SendIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api-client";
import { copyText } from "@/lib/clipboard";
import { useSendInvitation } from "../api/invitations";

export interface InviteCourse {
  id: string;
  title: string;
}

/**
 * The invite dialog (000 §2 Invite dialog, §4, §5; issue 5): e-mail, a scrollable multi-select list
 * of the creator's published courses, an optional message (3 rows). Without an e-mail or a course
 * it says "Missing Information"; a failure says "Error Sending Invitation". After success it shows
 * the copyable invitation link and "Send Another Invitation", which resets the form.
 */
export function InviteDialog({
  open,
  onOpenChange,
  courses,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The creator's published courses. */
  courses: InviteCourse[];
}) {
  const { t } = useTranslation("invitations");
  const send = useSendInvitation();
  const [email, setEmail] = React.useState("");
  const [selected, setSelected] = React.useState<Set<string>>(new Set());
  const [message, setMessage] = React.useState("");
  const [result, setResult] = React.useState<InvitationResult | null>(null);
  const [copied, setCopied] = React.useState(false);
  const emailRef = React.useRef<HTMLInputElement>(null);

  const reset = () => {
    setEmail("");
    setSelected(new Set());
    setMessage("");
    setResult(null);
    setCopied(false);
    send.reset();
  };

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!email.trim() || selected.size === 0) {
      toast.error(t("toast.missing.title"), { description: t("toast.missing.description") });
      return;
    }
    send.mutate(
      {
        email: email.trim(),
        courseIds: courses.filter((c) => selected.has(c.id)).map((c) => c.id),
        message: message.trim() || undefined,
      },
      {
        onSuccess: (data) => {
          setResult(data);
          toast.success(t("toast.sent.title"), {
            description: t("toast.sent.description", { email: data.email }),
          });
        },
        onError: (error) => {
          const known = error instanceof ApiError && error.status >= 400 && error.status < 500;
          toast.error(t("toast.failed.title"), {
            description: known ? translateServerMessage(error.message, t) : t("toast.failed.description"),
          });
        },
      },
    );
  };

  const copy = async () => {
    if (!result) return;
    if (await copyText(result.invitationLink)) {
      setCopied(true);
      toast.success(t("toast.copied"));
      setTimeout(() => setCopied(false), 2000);
    } else {
      toast.error(t("toast.copyFailed"));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setTimeout(reset, 200);
      }}
    >
      <DialogContent className="sm:max-w-lg" data-testid="invite-dialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <MailPlusIcon className="size-5 text-brand" aria-hidden />
            {t("title")}
          </DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        {result ? (
          <div className="grid gap-4" data-testid="invite-success">
            <p
              className="flex items-center gap-2 rounded-md bg-emerald-50 p-3 text-sm text-emerald-800"
              role="status"
            >
              <CheckIcon className="size-4 shrink-0" aria-hidden />
              {t("success.body", { email: result.email })}
            </p>
            <div className="grid gap-1.5">
              <Label htmlFor="invitation-link">{t("success.linkLabel")}</Label>
              <div className="flex gap-2">
                <Input
                  id="invitation-link"
                  readOnly
                  value={result.invitationLink}
                  onFocus={(event) => event.currentTarget.select()}
                  className="font-mono text-xs"
                  data-testid="invitation-link"
                />
                <Button type="button" variant="outline" onClick={copy} aria-label={t("success.copy")}>
                  {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
                  <span className="hidden sm:inline">{copied ? t("success.copied") : t("success.copy")}</span>
                </Button>
              </div>
              <p className="text-xs text-muted-foreground">{t("success.expires")}</p>
            </div>
            <DialogFooter>
              <Button
                type="button"
                onClick={() => {
                  reset();
                  setTimeout(() => emailRef.current?.focus(), 0);
                }}
              >
                {t("success.another")}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-4">
            <div className="grid gap-1.5">
              <Label htmlFor="invite-email">{t("fields.email")}</Label>
              <Input
                id="invite-email"
                ref={emailRef}
                type="email"
                inputMode="email"
                autoComplete="off"
                placeholder="student@example.com"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </div>
            <fieldset className="grid gap-1.5">
              <legend className="mb-1.5 text-sm font-medium">{t("fields.courses")}</legend>
              {courses.length === 0 ? (
                <p className="rounded-md border border-dashed border-border p-3 text-sm text-muted-foreground">
                  {t("noCourses")}
                </p>
              ) : (
                <ul
                  className="max-h-48 divide-y divide-border overflow-y-auto rounded-md border border-border"
                  data-testid="invite-courses"
                >
                  {courses.map((course) => (
                    <li key={course.id}>
                      <Label className="flex cursor-pointer items-center gap-3 px-3 py-2.5 font-normal hover:bg-muted/60">
                        <Checkbox
                          checked={selected.has(course.id)}
                          onCheckedChange={(value) => toggle(course.id, value === true)}
                        />
                        <span className="min-w-0 truncate">{course.title}</span>
                      </Label>
                    </li>
                  ))}
                </ul>
              )}
              <p className="text-xs text-muted-foreground" aria-live="polite">
                {t("selectedCount", { count: selected.size })}
              </p>
            </fieldset>
            <div className="grid gap-1.5">
              <Label htmlFor="invite-message">{t("fields.message")}</Label>
              <Textarea
                id="invite-message"
                rows={3}
                maxLength={2000}
                placeholder={t("fields.messagePlaceholder")}
                value={message}
                onChange={(event) => setMessage(event.target.value)}
              />
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {t("cancel")}
              </Button>
              <Button type="submit" disabled={send.isPending} data-testid="send-invitation">
                <SendIcon aria-hidden />
                {send.isPending ? t("sending") : t("send")}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The server's validation texts in the UI language (English ones pass through unchanged). */
function translateServerMessage(message: string, t: (key: string) => string): string {
  const keys: Record<string, string> = {
    "Please enter an email and select at least one course.": "toast.missing.description",
    "Please enter a valid email address.": "errors.emailInvalid",
    "One of the selected courses is not one of your published courses.": "errors.courseNotFound",
  };
  return keys[message] ? t(keys[message]) : message;
}
