import i18next from "i18next";
import type * as React from "react";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";

/** A centred spinner labelled "Loading…" (common:loading) while a list or a panel loads. */
export function LoadingState() {
  return (
    <div className="flex justify-center p-8">
      <Spinner label={i18next.t("common:loading")} />
    </div>
  );
}

/** The dashed box shown when a list has nothing to show; `text` is already translated. */
export function EmptyState({ text }: { text: string }) {
  return (
    <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">{text}</p>
  );
}

/**
 * The states around a queried, optionally paged list, as siblings in the parent's layout: the
 * spinner while `pending`, the empty text when `items` is an empty array, then `children` (the
 * rows), then the pager when `paging` is given and the page has loaded (`paging.data` set).
 * @param paging page (1-based), the loaded page's `pageSize` and `total` rows, and the pager's label.
 */
export function QueryList({
  pending,
  items,
  empty,
  paging,
  children,
}: {
  pending: boolean;
  items: readonly unknown[] | undefined;
  empty: string;
  paging?: {
    data: { pageSize: number; total: number } | undefined;
    page: number;
    onPageChange: (page: number) => void;
    label: string;
  };
  children?: React.ReactNode;
}) {
  return (
    <>
      {pending ? <LoadingState /> : null}
      {items?.length === 0 ? <EmptyState text={empty} /> : null}
      {children}
      {paging?.data ? (
        <Pagination
          page={paging.page}
          pageSize={paging.data.pageSize}
          total={paging.data.total}
          onPageChange={paging.onPageChange}
          label={paging.label}
        />
      ) : null}
    </>
  );
}
