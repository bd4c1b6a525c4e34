import { FEATURE_CATEGORIES, FEATURE_STATUSES, type FeatureRequest } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { ChevronUpIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Field } from "@/components/form/field";
import { FormCard } from "@/components/form/form-card";
import { FormError } from "@/components/form/form-error";
import { OptionsSelect } from "@/components/form/options-select";
import { TextField } from "@/components/form/text-field";
import { QueryList } from "@/components/list-states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { errorText } from "@/lib/utils";
import { requestsQueryOptions, useCreateRequest, useRequestStatus, useToggleVote } from "../api/help";
import { statusVariant } from "./tickets-tab";

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

/** The Roadmap tab: feature requests with votes and a form to submit one; admins set the status (issue 14). */
export function RoadmapTab({ admin }: { admin: boolean }) {
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
