import type { StudentCourseOption } from "@academy/shared";
import { UserPlusIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { ApiError } from "@/lib/api-client";
import { studentErrorText } from "../api/errors";
import { useAssignStudent } from "../api/students";

/**
 * "Assign by email" (000 §2, §5 Assign student, §8 Students; issue 25 item 5, finding #8): e-mail
 * and one of the creator's published courses; the server sends an invitation and the person is
 * enrolled when they accept. The same "Invitation sent" message whether or not the address has an
 * account. Missing either → "Missing Information"; already enrolled → "Already Enrolled";
 * anything else → "Assignment Failed".
 */
export function AssignStudentForm({ courses }: { courses: StudentCourseOption[] }) {
  const { t } = useTranslation("students");
  const assign = useAssignStudent();
  const [email, setEmail] = React.useState("");
  const [courseId, setCourseId] = React.useState("");
  const published = courses.filter((c) => c.isPublished);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !courseId) {
      toast.error(t("assign.missingTitle"), { description: t("assign.missing") });
      return;
    }
    assign.mutate(
      { email: email.trim().toLowerCase(), courseId },
      {
        onSuccess: () => {
          toast.success(t("assign.success.title"), {
            description: t("assign.success.description", {
              email: email.trim().toLowerCase(),
              course: published.find((c) => c.id === courseId)?.title ?? "",
            }),
          });
          setEmail("");
        },
        onError: (error) => {
          const status = error instanceof ApiError ? error.status : 0;
          const title = status === 409 ? t("assign.alreadyEnrolledTitle") : t("assign.failedTitle");
          toast.error(title, { description: studentErrorText(error, t, "assign.failed") });
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      data-testid="assign-form"
    >
      <div className="grid gap-1.5">
        <Label htmlFor="assign-email">{t("assign.email")}</Label>
        <Input
          id="assign-email"
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder="student@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="assign-course">{t("assign.course")}</Label>
        <Select value={courseId} onValueChange={setCourseId}>
          <SelectTrigger id="assign-course" className="w-full">
            <SelectValue placeholder={t("assign.coursePlaceholder")} />
          </SelectTrigger>
          <SelectContent>
            {published.map((course) => (
              <SelectItem key={course.id} value={course.id}>
                {course.title}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Button type="submit" disabled={assign.isPending}>
        <UserPlusIcon aria-hidden />
        {assign.isPending ? t("assign.assigning") : t("assign.submit")}
      </Button>
    </form>
  );
}
