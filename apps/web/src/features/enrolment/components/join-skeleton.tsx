import { useTranslation } from "react-i18next";
import { Skeleton } from "@/components/ui/skeleton";

/** The loading state of /join/{courseId}: the hero band and the price card in outline. */
export function JoinSkeleton() {
  const { t } = useTranslation("join");
  return (
    <div aria-busy="true" data-testid="join-skeleton">
      <span className="sr-only" role="status">
        {t("loading")}
      </span>
      <div className="bg-gradient-to-br from-brand via-[#283593] to-[#0d1250]">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:px-8 lg:py-14">
          <div className="grid gap-5">
            <Skeleton className="aspect-video w-full bg-white/10 lg:hidden" />
            <div className="flex gap-2">
              <Skeleton className="h-5 w-20 rounded-full bg-white/15" />
              <Skeleton className="h-5 w-24 rounded-full bg-white/15" />
            </div>
            <Skeleton className="h-9 w-4/5 bg-white/15" />
            <Skeleton className="h-5 w-3/5 bg-white/10" />
            <div className="flex flex-wrap gap-4">
              <Skeleton className="h-4 w-20 bg-white/10" />
              <Skeleton className="h-4 w-24 bg-white/10" />
              <Skeleton className="h-4 w-20 bg-white/10" />
            </div>
          </div>
        </div>
      </div>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:px-8">
        <div className="grid content-start gap-3">
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-4/5" />
        </div>
        <div className="order-first grid content-start gap-4 rounded-lg border border-border bg-white p-6 lg:order-last lg:-mt-64">
          <Skeleton className="hidden aspect-video w-full lg:block" />
          <Skeleton className="h-9 w-32" />
          <Skeleton className="h-12 w-full" />
        </div>
      </div>
    </div>
  );
}
