import { useQuery } from "@tanstack/react-query";
import { DownloadIcon, MailPlusIcon, SearchXIcon, UsersIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { PageTitle } from "@/components/page-title";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Pagination, pageCount } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { InviteDialog } from "@/features/invitations/components/invite-dialog";
import { PendingInvitations } from "@/features/invitations/components/pending-invitations";
import { MessageButton } from "@/features/messaging/components/message-button";
import { studentErrorText } from "@/features/students/api/errors";
import {
  STUDENTS_PAGE_SIZE,
  studentCoursesQueryOptions,
  studentStatsQueryOptions,
  studentsCsvUrl,
  studentsQueryOptions,
} from "@/features/students/api/students";
import { AssignStudentForm } from "@/features/students/components/assign-student-form";
import { BulkEmailPanel } from "@/features/students/components/bulk-email-panel";
import { StudentStats } from "@/features/students/components/student-stats";
import { StudentsTable } from "@/features/students/components/students-table";
import { StudentsToolbar } from "@/features/students/components/students-toolbar";
import { useStudentListParams } from "@/features/students/hooks/use-student-list-params";
import { formatNumber } from "@/lib/format";

/**
 * /dashboard/students — Student Management (spec 000 §2, §3, §5, §7, §8; issue 5): stats, assign by
 * e-mail, search (accent-insensitive) and course filter, the paginated list with selection and the
 * bulk e-mail panel, payment confirmation, "Message student" (issue 6), CSV export, the invite dialog
 * and the pending invitations with Revoke (issue 16 item 8).
 */
export function Component() {
  const { t, i18n } = useTranslation("students");
  const lng = i18n.language;
  const { page, search, courseId, setPage, setSearch, setCourseId, clearFilters } = useStudentListParams();
  const list = useQuery(studentsQueryOptions({ page, search, courseId }));
  const stats = useQuery(studentStatsQueryOptions);
  const courses = useQuery(studentCoursesQueryOptions);
  const [selected, setSelected] = React.useState<Set<string>>(new Set());
  const [inviting, setInviting] = React.useState(false);

  const data = list.data;
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const pages = pageCount(total, STUDENTS_PAGE_SIZE);
  const filtered = search !== "" || courseId !== "";
  const noStudentsAtAll = data !== undefined && total === 0 && !filtered;
  const from = total === 0 ? 0 : (page - 1) * STUDENTS_PAGE_SIZE + 1;
  const to = Math.min(total, (page - 1) * STUDENTS_PAGE_SIZE + items.length);
  const courseOptions = courses.data ?? [];
  const published = courseOptions.filter((c) => c.isPublished);

  React.useEffect(() => {
    if (data && !list.isPlaceholderData && page > pages) setPage(pages);
  }, [data, list.isPlaceholderData, page, pages, setPage]);

  const toggleMany = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  return (
    <div className="grid gap-6">
      <PageTitle>{t("title")}</PageTitle>
      <header className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t("subtitle")}</p>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:shrink-0">
          <Button asChild variant="outline">
            <a href={studentsCsvUrl(search, courseId)} download data-testid="export-students-csv">
              <DownloadIcon aria-hidden />
              {t("exportCsv")}
            </a>
          </Button>
          <Button onClick={() => setInviting(true)} data-testid="open-invite">
            <MailPlusIcon aria-hidden />
            {t("invite")}
          </Button>
        </div>
      </header>

      <StudentStats stats={stats.data} />

      <Card>
        <CardHeader className="pb-3">
          <CardTitle className="text-base">{t("assign.title")}</CardTitle>
          <p className="text-sm text-muted-foreground">{t("assign.description")}</p>
        </CardHeader>
        <CardContent>
          <AssignStudentForm courses={courseOptions} />
        </CardContent>
      </Card>

      <PendingInvitations />

      {noStudentsAtAll ? null : (
        <StudentsToolbar
          search={search}
          onSearchChange={setSearch}
          courseId={courseId}
          onCourseChange={setCourseId}
          courses={courseOptions}
        />
      )}

      {selected.size > 0 ? (
        <BulkEmailPanel selectedIds={[...selected]} onClear={() => setSelected(new Set())} />
      ) : null}

      {list.isPending ? (
        <div className="grid gap-2" role="status" aria-busy="true" aria-label={t("loading")}>
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <div
          className="grid justify-items-center gap-3 rounded-lg border border-dashed border-border p-10 text-center"
          role="alert"
        >
          <p className="font-medium">{studentErrorText(list.error, t)}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            {t("retry")}
          </Button>
        </div>
      ) : noStudentsAtAll ? (
        <div
          className="grid justify-items-center gap-3 rounded-lg border border-dashed border-border p-10 text-center"
          data-testid="students-empty"
        >
          <UsersIcon className="size-10 text-muted-foreground" aria-hidden />
          <p className="text-lg font-semibold">{t("empty.title")}</p>
          <p className="max-w-md text-sm text-muted-foreground">{t("empty.body")}</p>
          <Button onClick={() => setInviting(true)}>
            <MailPlusIcon aria-hidden />
            {t("invite")}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed border-border p-10 text-center">
          <SearchXIcon className="size-10 text-muted-foreground" aria-hidden />
          <p className="font-medium">{t("noResults.title")}</p>
          <p className="text-sm text-muted-foreground">
            {search ? t("noResults.body", { search }) : t("noResults.course")}
          </p>
          <Button variant="outline" onClick={clearFilters}>
            {t("noResults.clear")}
          </Button>
        </div>
      ) : (
        <section aria-label={t("listLabel")} className="grid gap-3">
          <p className="text-sm text-muted-foreground" data-testid="students-count">
            {t("showing", {
              count: total,
              from: formatNumber(from, lng),
              to: formatNumber(to, lng),
              total: formatNumber(total, lng),
            })}
          </p>
          <StudentsTable
            rows={items}
            selected={selected}
            onToggle={(id, on) => toggleMany([id], on)}
            onToggleMany={toggleMany}
            renderActions={(row) =>
              row.paymentStatus === "cancelled" ? null : (
                <MessageButton
                  courseId={row.courseId}
                  studentId={row.studentId}
                  variant="ghost"
                  className="h-8"
                />
              )
            }
            busy={list.isPlaceholderData}
          />
          <Pagination
            label={t("pagination")}
            page={page}
            pageSize={STUDENTS_PAGE_SIZE}
            total={total}
            onPageChange={(next) => {
              setPage(next);
              window.scrollTo({ top: 0, behavior: "smooth" });
            }}
            busy={list.isPlaceholderData}
          />
        </section>
      )}

      <InviteDialog open={inviting} onOpenChange={setInviting} courses={published} />
    </div>
  );
}
