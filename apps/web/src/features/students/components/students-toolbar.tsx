import type { StudentCourseOption } from "@academy/shared";
import { SearchIcon, XIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

const ALL = "__all__";

/**
 * Search (name, e-mail, course title; accents optional) and the course filter. The search is sent
 * 300 ms after the last keystroke.
 */
export function StudentsToolbar({
  search,
  onSearchChange,
  courseId,
  onCourseChange,
  courses,
}: {
  search: string;
  onSearchChange: (value: string) => void;
  courseId: string;
  onCourseChange: (value: string) => void;
  courses: StudentCourseOption[];
}) {
  const { t } = useTranslation("students");
  const [text, setText] = React.useState(search);
  const latest = React.useRef(onSearchChange);
  latest.current = onSearchChange;

  React.useEffect(() => setText(search), [search]);
  React.useEffect(() => {
    if (text === search) return;
    const timer = setTimeout(() => latest.current(text), 300);
    return () => clearTimeout(timer);
  }, [text, search]);

  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_16rem]">
      <div className="relative">
        <SearchIcon
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t("toolbar.searchPlaceholder")}
          aria-label={t("toolbar.search")}
          className="pl-9 pr-9"
          data-testid="student-search"
        />
        {text ? (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="absolute right-1 top-1/2 size-7 -translate-y-1/2"
            onClick={() => {
              setText("");
              onSearchChange("");
            }}
            aria-label={t("toolbar.clearSearch")}
          >
            <XIcon aria-hidden />
          </Button>
        ) : null}
      </div>
      <Select value={courseId || ALL} onValueChange={(value) => onCourseChange(value === ALL ? "" : value)}>
        <SelectTrigger className="w-full" aria-label={t("toolbar.course")} data-testid="course-filter">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{t("toolbar.allCourses")}</SelectItem>
          {courses.map((course) => (
            <SelectItem key={course.id} value={course.id}>
              {course.title}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
