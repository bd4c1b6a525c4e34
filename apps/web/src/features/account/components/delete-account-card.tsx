import { useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
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
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useDeleteAccount } from "../api/account";

/** The danger zone: delete the account and its data after typing the e-mail address. */
export function DeleteAccountCard({ email }: { email: string }) {
  const { t } = useTranslation("account");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteAccount();
  const [typed, setTyped] = React.useState("");
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  const confirm = (event: React.FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    remove.mutate(typed.trim(), {
      onSuccess: () => {
        queryClient.clear();
        toast.success(t("delete.deleted"));
        navigate("/", { replace: true });
      },
      onError: () => toast.error(t("delete.failed")),
    });
  };
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="text-destructive">{t("delete.title")}</CardTitle>
        <CardDescription>{t("delete.subtitle")}</CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog onOpenChange={(open) => !open && setTyped("")}>
          <AlertDialogTrigger asChild>
            <Button variant="destructive" data-testid="delete-account">
              {t("delete.button")}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <form onSubmit={confirm} className="grid gap-4">
              <AlertDialogHeader>
                <AlertDialogTitle>{t("delete.confirmTitle")}</AlertDialogTitle>
                <AlertDialogDescription className="break-words">
                  {t("delete.confirmText", { email })}
                </AlertDialogDescription>
              </AlertDialogHeader>
              <div className="grid gap-1.5">
                <Label htmlFor="delete-confirm">{t("delete.confirmLabel")}</Label>
                <Input
                  id="delete-confirm"
                  type="email"
                  autoComplete="off"
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                  aria-describedby="delete-confirm-hint"
                />
                {typed && !matches ? (
                  <p id="delete-confirm-hint" className="text-sm text-destructive">
                    {t("delete.mismatch")}
                  </p>
                ) : null}
              </div>
              <AlertDialogFooter>
                <AlertDialogCancel type="button">{t("delete.cancel")}</AlertDialogCancel>
                <Button type="submit" variant="destructive" disabled={!matches || remove.isPending}>
                  {t("delete.confirm")}
                </Button>
              </AlertDialogFooter>
            </form>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
