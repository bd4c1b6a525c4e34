import type { Material } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { LibraryIcon, SparklesIcon, UploadIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useAiTextContext } from "@/lib/use-ai-mode";
import { type AiMaterialType, materialsQueryOptions, useGenerateMaterial } from "../api/materials";
import type { TypeFilter } from "../material-rules";
import { BrowseTab } from "./browse-tab";
import { GenerateTab } from "./generate-tab";
import { UploadTab } from "./upload-tab";

export interface MaterialBankProps {
  /** Ids of the selected materials (the course draft's `materials`). */
  selected: string[];
  onChange: (ids: string[]) => void;
  category: string | null;
  skillLevel: string;
  /** The course title: the topic of generated materials. */
  topic: string;
  /** Called with the loaded library, so the page can offer "Attach material" in the Course Builder. */
  onMaterialsLoaded?: (materials: Material[]) => void;
}

type Tab = "browse" | "upload" | "generate";

/**
 * The Material Bank (spec 000 §2 Course-creation helpers, §7 generate-materials and
 * generate-ai-material, §8 toasts, §9): Browse the creator's library (loaded on mount and when the
 * category or level changes), Upload files into it, and AI Generate a quiz, worksheet, essay prompt
 * or assessment with real content.
 */
export function MaterialBank({
  selected,
  onChange,
  category,
  skillLevel,
  topic,
  onMaterialsLoaded,
}: MaterialBankProps) {
  const { t, i18n } = useTranslation("materials");
  const aiContext = useAiTextContext();
  const locale = i18n.language?.startsWith("vi") ? "vi" : "en";
  const titleId = useId();
  const [tab, setTab] = useState<Tab>("browse");
  const [search, setSearch] = useState("");
  const [type, setType] = useState<TypeFilter>("all");
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const [busyType, setBusyType] = useState<AiMaterialType | null>(null);
  const query = useQuery(materialsQueryOptions({ category, skillLevel, locale }));
  const generate = useGenerateMaterial();

  const loadedRef = useRef(onMaterialsLoaded);
  loadedRef.current = onMaterialsLoaded;
  const items = query.data?.items;
  useEffect(() => {
    if (items) loadedRef.current?.(items);
  }, [items]);

  const showInBrowse = (material: Material) => {
    setSearch("");
    setType("all");
    setHighlightId(material.id);
    setTab("browse");
  };

  const onGenerate = (kind: AiMaterialType) => {
    setBusyType(kind);
    generate.mutate(
      {
        type: kind,
        category: category || "general",
        skillLevel: skillLevel || "beginner",
        topic: topic.trim() || undefined,
        locale,
      },
      {
        onSuccess: (material) => {
          toast.success(t("generate.successTitle"), {
            description: t("generate.successBody", {
              type: t(`generate.typeName.${kind}`),
              context: aiContext,
            }),
          });
          showInBrowse(material);
        },
        onError: () => {
          toast.error(t("errorTitle"), { description: t("generate.failed") });
        },
        onSettled: () => setBusyType(null),
      },
    );
  };

  const categoryLabel = category
    ? t(`category.${category}`, { defaultValue: category })
    : t("generate.notSelected");
  const levelLabel = t(`level.${skillLevel || "beginner"}`, { defaultValue: skillLevel });

  return (
    <section className="grid gap-4" aria-labelledby={titleId} data-testid="material-bank">
      <div className="grid gap-1">
        <h2 id={titleId} className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("subtitle", { context: aiContext })}</p>
      </div>
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:w-auto">
          <TabsTrigger value="browse" className="gap-1.5 px-2 sm:px-4">
            <LibraryIcon className="size-4" aria-hidden />
            {t("tabs.browse")}
          </TabsTrigger>
          <TabsTrigger value="upload" className="gap-1.5 px-2 sm:px-4">
            <UploadIcon className="size-4" aria-hidden />
            {t("tabs.upload")}
          </TabsTrigger>
          <TabsTrigger value="generate" className="gap-1.5 px-2 sm:px-4">
            <SparklesIcon className="size-4" aria-hidden />
            {t("tabs.generate", { context: aiContext })}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="browse">
          <BrowseTab
            materials={query.data?.items ?? []}
            samples={query.data?.samples ?? false}
            loading={query.isPending}
            error={query.isError ? query.error.message || t("browse.loadFailed") : null}
            onRetry={() => void query.refetch()}
            selected={selected}
            onChange={onChange}
            search={search}
            onSearch={setSearch}
            type={type}
            onType={setType}
            highlightId={highlightId}
          />
        </TabsContent>
        <TabsContent value="upload">
          <UploadTab
            category={category}
            skillLevel={skillLevel}
            onUploaded={(material) => {
              if (!selected.includes(material.id)) onChange([...selected, material.id]);
              showInBrowse(material);
            }}
          />
        </TabsContent>
        <TabsContent value="generate">
          <GenerateTab
            busyType={busyType}
            onGenerate={onGenerate}
            topic={topic}
            categoryLabel={categoryLabel}
            levelLabel={levelLabel}
          />
        </TabsContent>
      </Tabs>
    </section>
  );
}
