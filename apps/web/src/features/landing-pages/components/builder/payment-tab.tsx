import {
  PAYMENT_METHOD_FIELDS,
  PAYMENT_METHOD_TYPES,
  PAYMENT_MODES,
  type PaymentMethodType,
  stripeKeyMode,
} from "@academy/shared";
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, SettingsIcon, Trash2Icon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import type { PaymentMethodsEditor } from "../../hooks/use-payment-methods-editor";
import { BankPicker } from "./bank-picker";

/**
 * Payment › Payment Methods (spec 001 §3 payment_methods, §4): add each type once, toggle, reorder,
 * remove, configure; every change saves the whole set ('Payment methods saved' / 'Error saving
 * payment methods'). Secret fields are write-only: shown as set or not set, replaceable.
 */
export function PaymentMethodsTab({
  pageId,
  editor,
}: {
  pageId: string | null;
  editor: PaymentMethodsEditor;
}) {
  const { t } = useTranslation("landingPages");
  const { draft, commit } = editor;
  const [open, setOpen] = React.useState<PaymentMethodType | null>(null);
  const remaining = PAYMENT_METHOD_TYPES.filter((type) => !draft.some((m) => m.methodType === type));
  const [adding, setAdding] = React.useState<PaymentMethodType | "">("");

  if (!pageId) return <p className="text-sm text-muted-foreground">{t("payment.saveFirst")}</p>;

  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= draft.length) return;
    const next = [...draft];
    [next[index], next[target]] = [next[target], next[index]];
    void commit(next);
  };

  return (
    <div className="grid gap-4">
      {draft.length === 0 ? <p className="text-sm text-muted-foreground">{t("payment.empty")}</p> : null}
      <ol className="grid gap-2" data-testid="payment-list">
        {draft.map((method, index) => {
          const type = method.methodType;
          const isOpen = open === type;
          return (
            <li
              key={type}
              className="rounded-lg border border-border bg-card"
              data-testid="payment-item"
              data-method={type}
            >
              <div className="flex flex-wrap items-center gap-2 p-3">
                <Checkbox
                  id={`pm-${type}-enabled`}
                  checked={method.isEnabled}
                  onCheckedChange={(checked) =>
                    void commit(
                      draft.map((m, i) => (i === index ? { ...m, isEnabled: checked === true } : m)),
                    )
                  }
                />
                <Label htmlFor={`pm-${type}-enabled`} className="flex-1 font-medium">
                  {t(`payment.types.${type}`)}
                  <span className="sr-only"> — {t("payment.enabled")}</span>
                </Label>
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-9"
                  aria-label={`${t("payment.moveUp")}: ${t(`payment.types.${type}`)}`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUpIcon aria-hidden />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-9"
                  aria-label={`${t("payment.moveDown")}: ${t(`payment.types.${type}`)}`}
                  disabled={index === draft.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDownIcon aria-hidden />
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  aria-expanded={isOpen}
                  onClick={() => setOpen(isOpen ? null : type)}
                >
                  <SettingsIcon aria-hidden />
                  {t("payment.configure")}
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-9 text-destructive"
                  aria-label={`${t("payment.remove")}: ${t(`payment.types.${type}`)}`}
                  onClick={() => void commit(draft.filter((_, i) => i !== index))}
                >
                  <Trash2Icon aria-hidden />
                </Button>
              </div>
              {isOpen ? (
                <form
                  className="grid gap-3 border-t border-border p-3"
                  onSubmit={async (event) => {
                    event.preventDefault();
                    if (await commit(draft)) setOpen(null);
                  }}
                >
                  {PAYMENT_METHOD_FIELDS[type].map((field) => {
                    const id = `pm-${type}-${field.name}`;
                    const label = t(`payment.fields.${field.name}`);
                    const value = method.configuration[field.name] ?? "";
                    const set = (v: string) =>
                      editor.edit(type, { configuration: { ...method.configuration, [field.name]: v } });
                    if ((type === "vietqr" && field.name === "bankCode") || field.name === "bankName")
                      return (
                        <div key={id} className="grid gap-1.5">
                          <Label htmlFor={id}>{label}</Label>
                          <BankPicker
                            id={id}
                            kind={type === "vietqr" ? "code" : "name"}
                            value={type === "vietqr" ? value || "VCB" : value}
                            onChange={set}
                          />
                        </div>
                      );
                    if (field.name === "mode") {
                      const mode =
                        (value ||
                          (type === "credit-card" ? stripeKeyMode(method.configuration.publicKey) : null)) ===
                        "production"
                          ? "production"
                          : "sandbox";
                      return (
                        <fieldset key={id} className="grid gap-1.5" data-testid={id}>
                          <legend className="mb-1.5 text-sm font-medium">{label}</legend>
                          <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={label}>
                            {PAYMENT_MODES.map((option) => (
                              <label
                                key={option}
                                className="flex min-h-9 cursor-pointer items-center gap-2 rounded-md border border-border px-3 text-sm has-[:checked]:border-brand has-[:checked]:bg-muted"
                              >
                                <input
                                  type="radio"
                                  name={id}
                                  value={option}
                                  checked={mode === option}
                                  onChange={() => set(option)}
                                  className="accent-brand"
                                />
                                {t(`payment.modes.${option}`)}
                              </label>
                            ))}
                          </div>
                          <p className="text-xs text-muted-foreground" data-testid={`${id}-help`}>
                            {t(`payment.modeHelp.${mode}`, { provider: t(`payment.types.${type}`) })}
                            {type === "credit-card" ? ` ${t(`payment.modeHelpCard.${mode}`)}` : ""}
                          </p>
                        </fieldset>
                      );
                    }
                    return (
                      <div key={id} className="grid gap-1.5">
                        <Label htmlFor={id}>{label}</Label>
                        {field.multiline ? (
                          <Textarea id={id} rows={3} value={value} onChange={(e) => set(e.target.value)} />
                        ) : (
                          <Input
                            id={id}
                            value={value}
                            type={field.secret ? "password" : "text"}
                            autoComplete={field.secret ? "new-password" : "off"}
                            inputMode={field.name === "accountNumber" ? "numeric" : undefined}
                            placeholder={
                              field.secret ? (method.secretsSet[field.name] ? "••••••••" : "") : undefined
                            }
                            onChange={(e) => set(e.target.value)}
                          />
                        )}
                        {field.secret ? (
                          <p className="text-xs text-muted-foreground" data-testid={`${id}-state`}>
                            {method.secretsSet[field.name]
                              ? t("payment.secretSet")
                              : t("payment.secretNotSet")}
                          </p>
                        ) : null}
                      </div>
                    );
                  })}
                  <Button type="submit" className="justify-self-start" disabled={editor.saving}>
                    {editor.saving ? t("payment.saving") : t("payment.done")}
                  </Button>
                </form>
              ) : null}
            </li>
          );
        })}
      </ol>
      {remaining.length > 0 ? (
        <div className="flex flex-wrap items-end gap-2 rounded-lg border border-dashed border-border p-3">
          <div className="grid min-w-48 flex-1 gap-1.5">
            <Label htmlFor="new-payment-type">{t("payment.addLabel")}</Label>
            <Select value={adding} onValueChange={(v) => setAdding(v as PaymentMethodType)}>
              <SelectTrigger id="new-payment-type">
                <SelectValue placeholder={t("payment.addLabel")} />
              </SelectTrigger>
              <SelectContent>
                {remaining.map((type) => (
                  <SelectItem key={type} value={type}>
                    {t(`payment.types.${type}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button
            type="button"
            disabled={!adding}
            onClick={() => {
              if (!adding) return;
              const type = adding;
              const configuration = Object.fromEntries(
                PAYMENT_METHOD_FIELDS[type].map((f) => [
                  f.name,
                  type === "vietqr" && f.name === "bankCode" ? "VCB" : f.name === "mode" ? "sandbox" : "",
                ]),
              );
              setAdding("");
              setOpen(type);
              void commit([...draft, { methodType: type, isEnabled: true, configuration, secretsSet: {} }]);
            }}
          >
            <PlusIcon aria-hidden />
            {t("payment.add")}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t("payment.allAdded")}</p>
      )}
    </div>
  );
}

/** Payment › Settings (spec 001 §9: currency and payment flow are offered but not stored). */
export function PaymentSettingsTab({ priceLabel }: { priceLabel: string | null }) {
  const { t } = useTranslation("landingPages");
  const [currency, setCurrency] = React.useState("VND");
  const [flow, setFlow] = React.useState("direct");
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {priceLabel ? t("payment.settingsHelp", { price: priceLabel }) : t("payment.noPrice")}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="pay-currency">{t("payment.currency")}</Label>
          <Select value={currency} onValueChange={setCurrency}>
            <SelectTrigger id="pay-currency">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="VND">VND</SelectItem>
              <SelectItem value="USD">USD</SelectItem>
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="pay-flow">{t("payment.flow")}</Label>
          <Select value={flow} onValueChange={setFlow}>
            <SelectTrigger id="pay-flow">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="direct">{t("payment.flowDirect")}</SelectItem>
              <SelectItem value="contact">{t("payment.flowContact")}</SelectItem>
              <SelectItem value="form">{t("payment.flowForm")}</SelectItem>
            </SelectContent>
          </Select>
        </div>
      </div>
    </div>
  );
}
