import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ShieldAlertIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { FormError } from "@/components/form/form-error";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, api, unwrap } from "@/lib/api-client";
import { errorText } from "@/lib/utils";

/**
 * POST /api/moderation/appeals: the owner of a course or landing page an admin took down asks for
 * a review. Errors: ApiError 404, 409 (not down, or a request already waiting).
 */
function useRequestReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: { targetType: "course" | "landing_page"; targetId: string; message: string }) =>
      unwrap(api.moderation.appeals.$post({ json })),
    onSuccess: () => void client.invalidateQueries(),
  });
}

/**
 * "Ask for a review" (issue 24 §4): the owner of a course or landing page an admin took down says
 * what they changed; an admin decides in the Content Library whether it may be published again.
 */
export function AskForReview({
  targetType,
  targetId,
  className,
}: {
  targetType: "course" | "landing_page";
  targetId: string;
  className?: string;
}) {
  const { t } = useTranslation("admin");
  const request = useRequestReview();
  const [open, setOpen] = React.useState(false);
  const [message, setMessage] = React.useState("");
  const [error, setError] = React.useState("");
  const id = React.useId();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError("");
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className={className} data-testid="ask-review">
          <ShieldAlertIcon aria-hidden />
          <span className="truncate">{t("takedown.ask")}</span>
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("report.cancel")}>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!message.trim()) return setError(t("report.required"));
            request.mutate(
              { targetType, targetId, message: message.trim() },
              {
                onSuccess: () => {
                  toast.success(t("takedown.sent"));
                  setOpen(false);
                  setMessage("");
                },
                onError: (err) => setError(err instanceof ApiError ? err.message : errorText(err)),
              },
            );
          }}
        >
          <DialogHeader>
            <DialogTitle>{t("takedown.askTitle")}</DialogTitle>
            <DialogDescription>{t(`takedown.explain.${targetType}`)}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor={id}>{t("takedown.messageLabel")}</Label>
            <Textarea
              id={id}
              rows={4}
              maxLength={2000}
              value={message}
              placeholder={t("takedown.messagePlaceholder")}
              onChange={(e) => setMessage(e.target.value)}
            />
          </div>
          <FormError message={error} />
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              {t("report.cancel")}
            </Button>
            <Button type="submit" disabled={request.isPending} data-testid="ask-review-submit">
              {t("takedown.send")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
