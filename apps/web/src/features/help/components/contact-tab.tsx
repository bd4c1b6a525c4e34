import { useQuery } from "@tanstack/react-query";
import { MailIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Field } from "@/components/form/field";
import { FormError } from "@/components/form/form-error";
import { OptionsSelect } from "@/components/form/options-select";
import { TextField } from "@/components/form/text-field";
import { EmptyState, LoadingState } from "@/components/list-states";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { NativeSelect } from "@/components/ui/native-select";
import { errorText } from "@/lib/utils";
import { contactOptionsQueryOptions, useContactInstructor } from "../api/help";
import { TicketsOfStudent } from "./tickets-tab";

/** Students' Contact Instructor tab (spec 001 §2 Help and support; issue 14) and their own tickets. */
export function ContactInstructorTab({
  messageLink,
}: {
  messageLink?: (courseId: string) => React.ReactNode;
}) {
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
