import { DownloadIcon, Loader2Icon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ApiError } from "@/lib/api-client";
import { downloadMyData } from "../api/account";

/**
 * "Download my data" (issue 24 §8): fetches the ZIP of the person's data and saves it; shows
 * "Preparing…" meanwhile and the server's reason (e.g. too many downloads this hour) on failure.
 */
export function DownloadDataButton({ variant = "outline" }: { variant?: "outline" | "default" }) {
  const { t } = useTranslation("account");
  const [pending, setPending] = React.useState(false);
  const download = async () => {
    setPending(true);
    try {
      await downloadMyData();
      toast.success(t("export.done"));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t("export.failed"));
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      type="button"
      variant={variant}
      className="w-fit"
      data-testid="download-data"
      disabled={pending}
      onClick={() => void download()}
    >
      {pending ? <Loader2Icon className="animate-spin" aria-hidden /> : <DownloadIcon aria-hidden />}
      {pending ? t("export.preparing") : t("export.button")}
    </Button>
  );
}

/** Account settings' "Your data" card: what the download holds, and the button. */
export function DataExportCard() {
  const { t } = useTranslation("account");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("export.title")}</CardTitle>
        <CardDescription>{t("export.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <DownloadDataButton />
      </CardContent>
    </Card>
  );
}
