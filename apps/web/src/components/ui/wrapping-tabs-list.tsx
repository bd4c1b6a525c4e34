import { TabsList, TabsTrigger } from "@/components/ui/tabs";

/** A page's tab strip that wraps onto more lines on a narrow screen; `labelOf` names each tab. */
export function WrappingTabsList<T extends string>({
  tabs,
  labelOf,
}: {
  tabs: readonly T[];
  labelOf: (tab: T) => string;
}) {
  return (
    <TabsList className="flex h-auto w-full flex-wrap justify-start">
      {tabs.map((tab) => (
        <TabsTrigger key={tab} value={tab} className="flex-none">
          {labelOf(tab)}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}
