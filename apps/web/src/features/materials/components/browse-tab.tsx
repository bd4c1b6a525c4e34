import type { Material } from "@academy/shared";
import { InfoIcon, RefreshCwIcon, SearchIcon, SearchXIcon } from "lucide-react";
import { useId, useState } from "react";
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
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { useDeleteMaterial } from "../api/materials";
import {
  filterMaterials,
  readPreview,
  TYPE_FILTERS,
  type TypeFilter,
  toggleSelection,
} from "../material-rules";
import { MaterialCard } from "./material-card";
import { MaterialPreviewDialog } from "./material-preview-dialog";
import { SelectedChips } from "./selected-chips";

/**
 * Browse (000 §2): search, type filter, "Selected Materials (n)" chips with removal, and the cards
 * with their Select/Selected toggle. Empty: "No materials found matching your criteria."
 */
export function BrowseTab({
  materials,
  samples,
  loading,
  error,
  onRetry,
  selected,
  onChange,
  search,
  onSearch,
  type,
  onType,
  highlightId,
}: {
  materials: Material[];
  samples: boolean;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  selected: string[];
  onChange: (ids: string[]) => void;
  search: string;
  onSearch: (search: string) => void;
  type: TypeFilter;
  onType: (type: TypeFilter) => void;
  highlightId: string | null;
}) {
  const { t } = useTranslation("materials");
  const id = useId();
  const [previewing, setPreviewing] = useState<Material | null>(null);
  const [deleting, setDeleting] = useState<Material | null>(null);
  const deleteMaterial = useDeleteMaterial();
  const visible = filterMaterials(materials, search, type);

  const confirmDelete = () => {
    const material = deleting;
    if (!material) return;
    deleteMaterial.mutate(material.id, {
      onSuccess: () => {
        if (selected.includes(material.id)) onChange(selected.filter((s) => s !== material.id));
        toast.success(t("delete.done", { title: material.title }));
      },
      onError: (err) => toast.error(t("errorTitle"), { description: err.message || t("delete.failed") }),
    });
    setDeleting(null);
  };

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
        <div className="relative">
          <Label htmlFor={`${id}-search`} className="sr-only">
            {t("browse.searchLabel")}
          </Label>
          <SearchIcon
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={`${id}-search`}
            type="search"
            className="pl-9"
            placeholder={t("browse.searchPlaceholder")}
            value={search}
            onChange={(event) => onSearch(event.target.value)}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-type`} className="sr-only">
            {t("browse.typeLabel")}
          </Label>
          <Select value={type} onValueChange={(value) => onType(value as TypeFilter)}>
            <SelectTrigger id={`${id}-type`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {TYPE_FILTERS.map((filter) => (
                <SelectItem key={filter} value={filter}>
                  {t(`filter.${filter}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      {samples ? (
        <p
          className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="samples-notice"
        >
          <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t("browse.samples")}
        </p>
      ) : null}

      <SelectedChips
        selected={selected}
        materials={materials}
        onRemove={(removed) => onChange(selected.filter((s) => s !== removed))}
      />

      {loading ? (
        <div
          className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
          role="status"
          aria-busy="true"
          aria-label={t("browse.loading")}
        >
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} className="h-56" />
          ))}
        </div>
      ) : error ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-6 text-center">
          <p className="text-sm text-destructive" role="alert">
            {error}
          </p>
          <Button type="button" variant="outline" size="sm" onClick={onRetry}>
            <RefreshCwIcon aria-hidden />
            {t("browse.retry")}
          </Button>
        </div>
      ) : visible.length === 0 ? (
        <div
          className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border px-6 py-10 text-center"
          data-testid="materials-empty"
        >
          <SearchXIcon className="size-8 text-muted-foreground" aria-hidden />
          <p className="text-sm text-muted-foreground">{t("browse.empty")}</p>
        </div>
      ) : (
        <>
          <p className="sr-only" aria-live="polite">
            {t("browse.count", { count: visible.length })}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {visible.map((material) => (
              <li key={material.id}>
                <MaterialCard
                  material={material}
                  selected={selected.includes(material.id)}
                  highlighted={material.id === highlightId}
                  onToggle={() => onChange(toggleSelection(selected, material.id))}
                  onPreview={readPreview(material.content) ? () => setPreviewing(material) : undefined}
                  onDelete={material.source === "sample" ? undefined : () => setDeleting(material)}
                />
              </li>
            ))}
          </ul>
        </>
      )}

      <MaterialPreviewDialog material={previewing} onOpenChange={(open) => !open && setPreviewing(null)} />

      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("delete.title")}</AlertDialogTitle>
            <AlertDialogDescription>
              {t("delete.body", { title: deleting?.title ?? "" })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={confirmDelete}>
              {t("delete.confirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
