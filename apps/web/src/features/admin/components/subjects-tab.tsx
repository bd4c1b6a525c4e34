import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { FormCard } from "@/components/form/form-card";
import { FormError } from "@/components/form/form-error";
import { TextField } from "@/components/form/text-field";
import { QueryList } from "@/components/list-states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { errorText } from "@/lib/utils";
import {
  adminSubjectsQueryOptions,
  useCreateSubject,
  useDeleteSubject,
  useUpdateSubject,
} from "../api/admin";

/** Admin Panel: the subjects with activate / delete and the add form (issue 14). */
export function SubjectsTab() {
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
        <QueryList pending={subjects.isPending} items={subjects.data?.subjects} empty={t("subjects.empty")}>
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
        </QueryList>
      </div>
      <FormCard title={t("subjects.add")}>
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          <TextField
            id="subject-name"
            label={t("subjects.name")}
            value={name}
            onChange={setName}
            maxLength={100}
          />
          <TextField
            id="subject-icon"
            label={t("subjects.icon")}
            value={icon}
            placeholder="📚"
            onChange={setIcon}
            maxLength={16}
          />
          <TextField
            id="subject-description"
            label={t("subjects.description")}
            value={description}
            onChange={setDescription}
            maxLength={500}
            multiline
          />
          <FormError message={error} />
          <Button type="submit" disabled={create.isPending}>
            {t("subjects.add")}
          </Button>
        </form>
      </FormCard>
    </div>
  );
}
