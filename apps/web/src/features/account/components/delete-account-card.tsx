import { useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertTriangleIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { FormError } from "@/components/form/form-error";
import { PasswordInput } from "@/components/form/password-input";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-client";
import { accountDeletionQueryOptions, signOutToSignInAgain, useDeleteAccount } from "../api/account";
import { DownloadDataButton } from "./data-export";

/**
 * The danger zone (issue 23 item 8): delete the account after the password — or, for an account
 * without one, within 10 minutes of signing in. A creator whose students hold paid enrolments is
 * told so (with the count) before opening anything, and cannot delete. The dialog says that
 * certificates stop verifying and that bought orders stay with their seller, anonymised (ux N16,
 * M1), and offers the data download first (issue 24 §8). After deletion the person lands on /account-deleted.
 */
export function DeleteAccountCard({ email }: { email: string }) {
  const { t } = useTranslation("account");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deletion = useQuery(accountDeletionQueryOptions);
  const remove = useDeleteAccount();
  const [password, setPassword] = React.useState("");
  const [failure, setFailure] = React.useState<string | null>(null);
  const needs = deletion.data;
  const blocked = (needs?.paidOrders ?? 0) > 0;
  const fresh = needs ? needs.hasPassword || needs.freshUntil !== null : false;
  const canConfirm = Boolean(needs) && !blocked && fresh && (!needs?.hasPassword || password.length > 0);

  const confirm = (event: React.FormEvent) => {
    event.preventDefault();
    if (!canConfirm) return;
    setFailure(null);
    remove.mutate(needs?.hasPassword ? { password } : {}, {
      onSuccess: () => {
        queryClient.clear();
        navigate("/account-deleted", { replace: true });
      },
      onError: (error) => {
        setFailure(error instanceof ApiError && error.status !== 0 ? error.message : t("delete.failed"));
        if (error instanceof ApiError && (error.status === 409 || error.status === 403))
          void queryClient.invalidateQueries({ queryKey: accountDeletionQueryOptions.queryKey });
      },
    });
  };
  const signInAgain = async () => {
    await signOutToSignInAgain();
    queryClient.clear();
    navigate(`/auth?tab=signin&redirect=${encodeURIComponent("/dashboard/account")}`, { replace: true });
  };

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="text-destructive">{t("delete.title")}</CardTitle>
        <CardDescription>{t("delete.subtitle")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {blocked ? (
          <div
            role="status"
            data-testid="delete-blocked"
            className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          >
            <p className="flex items-center gap-2 font-semibold">
              <AlertTriangleIcon className="size-4 shrink-0" aria-hidden />
              {t("delete.blockedTitle")}
            </p>
            <p>{t("delete.blocked", { count: needs?.paidOrders ?? 0 })}</p>
            <Link to="/dashboard/earnings" className="font-medium underline underline-offset-4">
              {t("delete.toEarnings")}
            </Link>
          </div>
        ) : null}
        <AlertDialog
          onOpenChange={(open) => {
            if (!open) {
              setPassword("");
              setFailure(null);
            } else void deletion.refetch();
          }}
        >
          <AlertDialogTrigger asChild>
            <Button
              variant="destructive"
              data-testid="delete-account"
              className="w-fit"
              disabled={!needs || blocked}
            >
              {t("delete.button")}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <form onSubmit={confirm} className="grid min-w-0 gap-4">
              <AlertDialogHeader>
                <AlertDialogTitle>{t("delete.confirmTitle")}</AlertDialogTitle>
                <AlertDialogDescription className="break-words">
                  {t("delete.confirmText", { email })}
                </AlertDialogDescription>
              </AlertDialogHeader>
              <ul className="grid list-disc gap-1.5 pl-5 text-sm">
                <li>{t("delete.certificates")}</li>
                <li>{t("delete.orders")}</li>
              </ul>
              <div className="grid gap-2 rounded-md border bg-muted/40 p-3" data-testid="delete-export">
                <p className="text-sm">{t("export.beforeDelete")}</p>
                <DownloadDataButton />
              </div>
              {needs?.hasPassword ? (
                <div className="grid gap-1.5">
                  <Label htmlFor="delete-password">{t("delete.passwordLabel")}</Label>
                  <PasswordInput
                    id="delete-password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    aria-describedby="delete-password-hint"
                    aria-invalid={failure ? true : undefined}
                  />
                  <p id="delete-password-hint" className="text-sm text-muted-foreground">
                    {t("delete.passwordHint")}
                  </p>
                </div>
              ) : needs && fresh ? (
                <p className="text-sm text-muted-foreground">{t("delete.freshSignIn")}</p>
              ) : needs ? (
                <div className="grid gap-2" data-testid="delete-sign-in-again">
                  <p className="text-sm">{t("delete.signInAgainText")}</p>
                  <Button
                    type="button"
                    variant="outline"
                    className="w-fit"
                    onClick={() => void signInAgain()}
                  >
                    {t("delete.signInAgain")}
                  </Button>
                </div>
              ) : null}
              <FormError message={failure} />
              <AlertDialogFooter>
                <AlertDialogCancel type="button">{t("delete.cancel")}</AlertDialogCancel>
                <Button type="submit" variant="destructive" disabled={!canConfirm || remove.isPending}>
                  {remove.isPending ? t("delete.deleting") : t("delete.confirm")}
                </Button>
              </AlertDialogFooter>
            </form>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
