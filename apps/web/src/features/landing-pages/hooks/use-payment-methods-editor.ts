import {
  PAYMENT_METHOD_FIELDS,
  type PaymentMethod,
  type PaymentMethodInput,
  type PaymentMethodType,
} from "@academy/shared";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { localizeApiMessage } from "@/lib/api-client";
import { useSavePaymentMethods } from "../api/landing-pages";

/** A method being edited: public fields, new secret values typed here, and which secrets are stored. */
export interface EditableMethod {
  methodType: PaymentMethodType;
  isEnabled: boolean;
  configuration: Record<string, string>;
  secretsSet: Record<string, boolean>;
}

export function toEditable(methods: PaymentMethod[]): EditableMethod[] {
  return methods.map((m) => ({
    methodType: m.methodType,
    isEnabled: m.isEnabled,
    configuration: { ...m.configuration },
    secretsSet: m.secretsSet,
  }));
}

function toInput(methods: EditableMethod[]): PaymentMethodInput[] {
  return methods.map((m) => {
    const configuration: Record<string, string> = {};
    for (const field of PAYMENT_METHOD_FIELDS[m.methodType]) {
      const value = m.configuration[field.name] ?? "";
      if (field.secret) {
        if (value) configuration[field.name] = value;
      } else configuration[field.name] = value;
    }
    if (m.methodType === "vietqr" && !configuration.bankCode) configuration.bankCode = "VCB";
    // A method saved before modes existed: sandbox, except a card, whose keys decide (server side).
    if ("mode" in configuration && !configuration.mode) {
      if (m.methodType === "credit-card") delete configuration.mode;
      else configuration.mode = "sandbox";
    }
    return { methodType: m.methodType, isEnabled: m.isEnabled, configuration } as PaymentMethodInput;
  });
}

/**
 * The payment methods being edited, held by the builder (not the tab, which unmounts when another
 * tab is shown) so Save Draft and Publish save what is on screen (issue 17 item 4).
 * - `commit(next)` saves the whole set ('Payment methods saved' / 'Error saving payment methods');
 *   what is typed while a save is under way stays on screen (only the stored-secret flags update).
 * - `flush()` saves the set when something was typed since the last save (an open configuration
 *   panel included); resolves false when it could not be saved (the error toast is shown).
 */
export function usePaymentMethodsEditor(
  pageId: string | null,
  saved: EditableMethod[],
  onSaved: (methods: EditableMethod[]) => void,
) {
  const { t } = useTranslation("landingPages");
  const save = useSavePaymentMethods();
  const [draft, setDraftState] = React.useState<EditableMethod[]>(saved);
  const draftRef = React.useRef(draft);
  const dirtyRef = React.useRef(false);
  const setDraft = React.useCallback((next: EditableMethod[]) => {
    draftRef.current = next;
    setDraftState(next);
  }, []);
  // The stored set (first load, or after a save) replaces the draft only when nothing is being typed.
  React.useEffect(() => {
    if (!dirtyRef.current) setDraft(saved);
  }, [saved, setDraft]);

  const commit = React.useCallback(
    async (next: EditableMethod[]): Promise<boolean> => {
      if (!pageId) return false;
      setDraft(next);
      dirtyRef.current = true;
      const body = toInput(next);
      // The shared schema (with zod) the server checks too, loaded on the first save (issue 17 §14).
      const { paymentMethodsInputSchema } = await import("@academy/shared/schemas/landing-pages");
      const checked = paymentMethodsInputSchema.safeParse({ methods: body });
      if (!checked.success) {
        toast.error(t("toast.paymentsError"), {
          description: localizeApiMessage(checked.error.issues[0]?.message ?? ""),
        });
        return false;
      }
      try {
        const stored = toEditable(await save.mutateAsync({ id: pageId, methods: body }));
        if (draftRef.current === next) {
          dirtyRef.current = false;
          setDraft(stored);
        } else {
          // Typed while saving: keep it on screen (still to be saved), with the stored secret flags.
          setDraft(
            draftRef.current.map((m) => ({
              ...m,
              secretsSet: stored.find((s) => s.methodType === m.methodType)?.secretsSet ?? m.secretsSet,
            })),
          );
        }
        onSaved(stored);
        toast.success(t("toast.paymentsSaved"));
        return true;
      } catch (error) {
        toast.error(t("toast.paymentsError"), {
          description: error instanceof Error ? error.message : String(error),
        });
        return false;
      }
    },
    [pageId, save, setDraft, onSaved, t],
  );

  const edit = React.useCallback(
    (type: PaymentMethodType, patch: Partial<EditableMethod>) => {
      dirtyRef.current = true;
      setDraft(draftRef.current.map((m) => (m.methodType === type ? { ...m, ...patch } : m)));
    },
    [setDraft],
  );

  const flush = React.useCallback(
    async (): Promise<boolean> => (dirtyRef.current ? commit(draftRef.current) : true),
    [commit],
  );

  return { draft, commit, edit, flush, saving: save.isPending };
}

export type PaymentMethodsEditor = ReturnType<typeof usePaymentMethodsEditor>;
