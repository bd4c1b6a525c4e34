import {
  incompleteMethodIssues,
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

/**
 * A method being edited: public fields, new secret values typed here, and which secrets are stored.
 * `id` and `webhookUrl` come from the server once the method is saved (null before).
 */
export interface EditableMethod {
  id: string | null;
  webhookUrl: string | null;
  methodType: PaymentMethodType;
  isEnabled: boolean;
  configuration: Record<string, string>;
  secretsSet: Record<string, boolean>;
}

export function toEditable(methods: PaymentMethod[]): EditableMethod[] {
  return methods.map((m) => ({
    id: m.id,
    webhookUrl: m.webhookUrl,
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

/** Which secrets a method has: stored, or typed in this form. */
export function secretsPresent(method: EditableMethod): Record<string, boolean> {
  return Object.fromEntries(
    PAYMENT_METHOD_FIELDS[method.methodType]
      .filter((f) => f.secret)
      .map((f) => [
        f.name,
        Boolean(method.secretsSet[f.name]) || Boolean(method.configuration[f.name]?.trim()),
      ]),
  );
}

/** Field errors of the methods being edited, by type then field name (English API text). */
export type MethodErrors = Partial<Record<PaymentMethodType, Record<string, string>>>;

function errorsOf(
  methods: EditableMethod[],
  issues: { path: PropertyKey[]; message: string }[],
): MethodErrors {
  const errors: MethodErrors = {};
  for (const issue of issues) {
    const [root, index, group, field] = issue.path;
    const method = root === "methods" && typeof index === "number" ? methods[index] : undefined;
    if (!method || group !== "configuration" || typeof field !== "string") continue;
    const forType = errors[method.methodType] ?? {};
    forType[field] ??= issue.message;
    errors[method.methodType] = forType;
  }
  return errors;
}

/**
 * The payment methods being edited, held by the builder (not the tab, which unmounts when another
 * tab is shown) so Save Draft and Publish save what is on screen (issue 17 item 4).
 * - `commit(next)` saves the whole set ('Payment methods saved' / 'Error saving payment methods');
 *   what is typed while a save is under way stays on screen (only the stored-secret flags update).
 * - `flush()` saves the set when something was typed since the last save (an open configuration
 *   panel included); resolves false when it could not be saved (the error toast is shown).
 * - An enabled method with empty required fields is not saved (issue 23 §5): `errors` holds the
 *   field errors (English API text; shown translated) and the error toast names the first.
 */
export function usePaymentMethodsEditor(
  pageId: string | null,
  saved: EditableMethod[],
  onSaved: (methods: EditableMethod[]) => void,
) {
  const { t } = useTranslation("landingPages");
  const save = useSavePaymentMethods();
  const [draft, setDraftState] = React.useState<EditableMethod[]>(saved);
  const [errors, setErrors] = React.useState<MethodErrors>({});
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
      // The shared schema (with zod) the server checks too, loaded on the first save (issue 17 §14),
      // and the required fields with the secrets this form knows are stored (issue 23 §5).
      const { paymentMethodsInputSchema } = await import("@academy/shared/schemas/landing-pages");
      const checked = paymentMethodsInputSchema.safeParse({ methods: body });
      const issues = [
        ...(checked.success ? [] : checked.error.issues),
        ...incompleteMethodIssues(next, (index) => secretsPresent(next[index] as EditableMethod)),
      ];
      const found = errorsOf(next, issues);
      setErrors(found);
      if (issues.length > 0) {
        toast.error(t("toast.paymentsError"), {
          description: localizeApiMessage(issues[0]?.message ?? ""),
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
            draftRef.current.map((m) => {
              const same = stored.find((s) => s.methodType === m.methodType);
              return same
                ? { ...m, id: same.id, webhookUrl: same.webhookUrl, secretsSet: same.secretsSet }
                : m;
            }),
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
      // A field's error goes once the field is edited (cash: either of its two fields).
      const before = draftRef.current.find((m) => m.methodType === type);
      const next = patch.configuration;
      if (before && next) {
        const changed = Object.keys(next).filter((k) => next[k] !== before.configuration[k]);
        if (type === "cash" && changed.length) changed.push("stores", "instructions");
        setErrors((current) => {
          const forType = current[type];
          if (!forType || changed.length === 0) return current;
          return {
            ...current,
            [type]: Object.fromEntries(Object.entries(forType).filter(([field]) => !changed.includes(field))),
          };
        });
      }
      setDraft(draftRef.current.map((m) => (m.methodType === type ? { ...m, ...patch } : m)));
    },
    [setDraft],
  );

  const flush = React.useCallback(
    async (): Promise<boolean> => (dirtyRef.current ? commit(draftRef.current) : true),
    [commit],
  );

  /** Adds a method to the draft without saving it (saved with Done, Save Draft or Publish). */
  const add = React.useCallback(
    (method: EditableMethod) => {
      dirtyRef.current = true;
      setDraft([...draftRef.current, method]);
    },
    [setDraft],
  );

  return { draft, errors, commit, edit, add, flush, saving: save.isPending };
}

export type PaymentMethodsEditor = ReturnType<typeof usePaymentMethodsEditor>;
