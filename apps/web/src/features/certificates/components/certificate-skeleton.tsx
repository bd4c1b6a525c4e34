import { useTranslation } from "react-i18next";
import { Skeleton } from "@/components/ui/skeleton";

/** The loading state of /certificates/{id}. */
export function CertificateSkeleton() {
  const { t } = useTranslation("certificates");
  return (
    <div className="grid gap-6" aria-busy="true" data-testid="certificate-skeleton">
      <span className="sr-only" role="status">
        {t("loading")}
      </span>
      <Skeleton className="h-20 w-full rounded-xl" />
      <div className="grid justify-items-center gap-4 rounded-xl border border-border bg-white p-8">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-7 w-72" />
        <Skeleton className="h-4 w-56" />
      </div>
      <Skeleton className="h-32 w-full rounded-xl" />
    </div>
  );
}
