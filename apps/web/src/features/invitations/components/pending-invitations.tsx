import type { PendingInvitation } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { MailIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
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
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/format";
import { pendingInvitationsQueryOptions, useRevokeInvitation } from "../api/invitations";

/**
 * The creator's pending invitations (issue 16 item 8): e-mail, courses and expiry date, each with
 * "Revoke" behind a confirmation; a revoked invitation's link stops working. Shows nothing while
 * there are none.
 */
export function PendingInvitations() {
  const { t, i18n } = useTranslation("invitations");
  const list = useQuery(pendingInvitationsQueryOptions);
  const revoke = useRevokeInvitation();
  const [target, setTarget] = React.useState<PendingInvitation | null>(null);
  const invitations = list.data?.invitations ?? [];
  if (invitations.length === 0) return null;

  return (
    <Card data-testid="pending-invitations">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{t("pending.title", { count: invitations.length })}</CardTitle>
        <p className="text-sm text-muted-foreground">{t("pending.description")}</p>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border">
          {invitations.map((invitation) => (
            <li
              key={invitation.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
              data-testid="pending-invitation"
            >
              <div className="flex min-w-0 items-start gap-3">
                <MailIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                <div className="min-w-0">
                  <p className="break-all font-medium">{invitation.email}</p>
                  <p className="text-sm text-muted-foreground">
                    {invitation.courseTitles.join(", ")}
                    {" · "}
                    {t("pending.expires", { date: formatDate(invitation.expiresAt, i18n.language) })}
                  </p>
                </div>
              </div>
              <Button
                size="sm"
                variant="outline"
                className="self-start sm:self-auto"
                onClick={() => setTarget(invitation)}
                aria-label={t("pending.revokeFor", { email: invitation.email })}
              >
                {t("pending.revoke")}
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
      <AlertDialog
        open={target !== null}
        onOpenChange={(open) => !open && !revoke.isPending && setTarget(null)}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("pending.confirmTitle")}</AlertDialogTitle>
            <AlertDialogDescription>
              {t("pending.confirmText", { email: target?.email ?? "" })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={revoke.isPending}>{t("pending.cancel")}</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
              disabled={revoke.isPending}
              data-testid="confirm-revoke"
              onClick={(event) => {
                event.preventDefault();
                if (!target) return;
                const email = target.email;
                revoke.mutate(target.id, {
                  onSuccess: () => {
                    setTarget(null);
                    toast.success(t("pending.revoked", { email }));
                  },
                  onError: (error) =>
                    toast.error(t("pending.failed"), {
                      description: error instanceof Error ? error.message : undefined,
                    }),
                });
              }}
            >
              {revoke.isPending ? t("pending.revoking") : t("pending.confirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
