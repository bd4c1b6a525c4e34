import {
  MOMO_AMOUNT_LIMITS,
  methodOfferState,
  missingPaymentFields,
  PAYMENT_METHOD_FIELDS,
  PAYMENT_METHOD_TYPES,
  PAYMENT_MODES,
  type PaymentMethodType,
  stripeKeyMode,
} from "@academy/shared";
import { formatPrice } from "@academy/shared/render/price";
import {
  ArrowDownIcon,
  ArrowUpIcon,
  CheckIcon,
  CopyIcon,
  PlusIcon,
  SettingsIcon,
  Trash2Icon,
} from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { localizeApiMessage } from "@/lib/api-client";
import {
  type EditableMethod,
  type PaymentMethodsEditor,
  secretsPresent,
} from "../../hooks/use-payment-methods-editor";
import { copyText } from "../../lib/share";
import { BankPicker } from "./bank-picker";

/** The Stripe events the card method's webhook must send (issue 23 §1). */
export const STRIPE_WEBHOOK_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
  "charge.refunded",
  "charge.dispute.created",
] as const;

/** The connected course's price, for the "not offered for this price" notes. */
export interface PaymentCourse {
  price: number;
  currency: string;
}

/**
 * Whether buyers see a method (issue 23 §5): off; incomplete with the labels of what is missing;
 * not offered for the course's price (MoMo's 1,000–50,000,000 VND, wallets and VietQR VND only); or shown.
 */
function MethodStatus({ method, course }: { method: EditableMethod; course: PaymentCourse | null }) {
  const { t, i18n } = useTranslation("landingPages");
  const type = method.methodType;
  const lang = i18n.language === "vi" ? "vi" : "en";
  const state = methodOfferState(method, secretsPresent(method), course);
  let text: string;
  let tone = "text-muted-foreground";
  if (state === "off") text = t("payment.status.off");
  else if (state === "incomplete") {
    const missing = missingPaymentFields(type, method.configuration, secretsPresent(method)).map((group) =>
      group.map((field) => t(`payment.fields.${field}`)).join(t("payment.status.or")),
    );
    text = t("payment.status.incomplete", { fields: missing.join(", ") });
    tone = "text-amber-700 dark:text-amber-400";
  } else if (state === "ok") {
    text = t("payment.status.shown");
    tone = "text-emerald-700 dark:text-emerald-400";
  } else {
    text = t(`payment.status.${state}`, {
      method: t(`payment.types.${type}`),
      min: formatPrice(MOMO_AMOUNT_LIMITS.min, "VND", lang),
      max: formatPrice(MOMO_AMOUNT_LIMITS.max, "VND", lang),
      price: course ? formatPrice(course.price, course.currency, lang) : "",
      currency: course?.currency ?? "",
    });
    tone = "text-amber-700 dark:text-amber-400";
  }
  return (
    <p className={`px-3 pb-3 text-xs ${tone}`} data-testid={`pm-${type}-status`} data-state={state}>
      {text}
    </p>
  );
}

/** The card method's Stripe webhook: the URL to copy, the events to select, where the secret goes. */
function StripeWebhook({ method }: { method: EditableMethod }) {
  const { t } = useTranslation("landingPages");
  const [copied, setCopied] = React.useState(false);
  React.useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2500);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const url = method.webhookUrl;
  return (
    <section
      className="grid gap-2 rounded-md border border-border bg-muted/40 p-3 text-sm"
      aria-labelledby="pm-card-webhook-title"
      data-testid="pm-card-webhook"
    >
      <h4 id="pm-card-webhook-title" className="font-medium">
        {t("payment.webhook.title")}
      </h4>
      {url ? (
        <>
          <p className="text-muted-foreground">{t("payment.webhook.step1")}</p>
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <code
              className="min-w-0 flex-1 rounded border border-border bg-background px-2 py-1.5 text-xs break-all"
              data-testid="pm-card-webhook-url"
            >
              {url}
            </code>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={async () => {
                if (await copyText(url)) setCopied(true);
              }}
            >
              {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
              {copied ? t("payment.webhook.copied") : t("payment.webhook.copy")}
            </Button>
            <span className="sr-only" aria-live="polite">
              {copied ? t("payment.webhook.copied") : ""}
            </span>
          </div>
          <p className="text-muted-foreground">{t("payment.webhook.step2")}</p>
          <ul className="grid gap-1 pl-4 text-xs" data-testid="pm-card-webhook-events">
            {STRIPE_WEBHOOK_EVENTS.map((event) => (
              <li key={event} className="list-disc break-all">
                <code>{event}</code>
              </li>
            ))}
          </ul>
          <p className="text-muted-foreground">{t("payment.webhook.step3")}</p>
        </>
      ) : (
        <p className="text-muted-foreground" data-testid="pm-card-webhook-save-first">
          {t("payment.webhook.saveFirst")}
        </p>
      )}
    </section>
  );
}

/**
 * Payment › Payment Methods (spec 001 §3 payment_methods, §4): add each type once, toggle, reorder,
 * remove, configure; every change saves the whole set ('Payment methods saved' / 'Error saving
 * payment methods'). Secret fields are write-only: shown as set or not set, replaceable.
 */
export function PaymentMethodsTab({
  pageId,
  editor,
  course,
  priceLabel,
  onCreatePage,
  creatingPage = false,
}: {
  pageId: string | null;
  editor: PaymentMethodsEditor;
  /** The connected course's price and currency; null without a course. */
  course: PaymentCourse | null;
  /** The course's price as shown ("₫199,000"), or null. */
  priceLabel: string | null;
  /** Saves the new page as a draft so methods can be added (opened from "Publish and set up payment"). */
  onCreatePage: () => void;
  creatingPage?: boolean;
}) {
  const { t } = useTranslation("landingPages");
  const { draft, commit, errors } = editor;
  const [open, setOpen] = React.useState<PaymentMethodType | null>(null);
  // Counts the person's Configure clicks: a Done whose save ends after a later click must not
  // close the panel that click opened (a race seen as a flaky journey).
  const clicks = React.useRef(0);
  const remaining = PAYMENT_METHOD_TYPES.filter((type) => !draft.some((m) => m.methodType === type));
  const [adding, setAdding] = React.useState<PaymentMethodType | "">("");
  // A save refused for missing fields opens the first method that has them.
  const firstWithErrors = PAYMENT_METHOD_TYPES.find((type) => Object.keys(errors[type] ?? {}).length > 0);
  React.useEffect(() => {
    if (firstWithErrors) setOpen((current) => (current && errors[current] ? current : firstWithErrors));
  }, [firstWithErrors, errors]);

  if (!pageId)
    return (
      <div className="grid justify-items-start gap-3 rounded-lg border border-dashed border-border p-4">
        <p className="text-sm">{t("payment.saveFirst")}</p>
        <Button
          type="button"
          onClick={onCreatePage}
          disabled={creatingPage}
          data-testid="payment-create-page"
        >
          {creatingPage ? t("builder.saving") : t("payment.saveFirstAction")}
        </Button>
      </div>
    );

  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= draft.length) return;
    const next = [...draft];
    [next[index], next[target]] = [next[target], next[index]];
    void commit(next);
  };

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {priceLabel ? t("payment.priceFromCourse", { price: priceLabel }) : t("payment.noPrice")}
      </p>
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
                  onClick={() => {
                    clicks.current += 1;
                    setOpen(isOpen ? null : type);
                  }}
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
              <MethodStatus method={method} course={course} />
              {isOpen ? (
                <form
                  className="grid gap-3 border-t border-border p-3"
                  onSubmit={async (event) => {
                    event.preventDefault();
                    const at = clicks.current;
                    if ((await commit(draft)) && clicks.current === at) setOpen(null);
                  }}
                >
                  {PAYMENT_METHOD_FIELDS[type].map((field) => {
                    const id = `pm-${type}-${field.name}`;
                    const label = t(`payment.fields.${field.name}`);
                    const value = method.configuration[field.name] ?? "";
                    const set = (v: string) =>
                      editor.edit(type, { configuration: { ...method.configuration, [field.name]: v } });
                    const error = errors[type]?.[field.name];
                    const errorText = error ? (
                      <p id={`${id}-error`} className="text-xs text-destructive" data-testid={`${id}-error`}>
                        {localizeApiMessage(error)}
                      </p>
                    ) : null;
                    const invalid = error
                      ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` }
                      : {};
                    // The card provider is Stripe, always (ux N6): shown, not typed; then the webhook.
                    if (field.name === "provider")
                      return (
                        <React.Fragment key={id}>
                          <div className="grid gap-1.5">
                            <span className="text-sm font-medium">{label}</span>
                            <p className="text-sm" data-testid={id}>
                              Stripe
                            </p>
                          </div>
                          <StripeWebhook method={method} />
                        </React.Fragment>
                      );
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
                          {errorText}
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
                            {t(`payment.modeHelp.${mode}`, {
                              provider: type === "credit-card" ? "Stripe" : t(`payment.types.${type}`),
                            })}
                            {type === "credit-card" ? ` ${t(`payment.modeHelpCard.${mode}`)}` : ""}
                          </p>
                        </fieldset>
                      );
                    }
                    return (
                      <div key={id} className="grid gap-1.5">
                        <Label htmlFor={id}>{label}</Label>
                        {field.multiline ? (
                          <Textarea
                            id={id}
                            rows={3}
                            value={value}
                            onChange={(e) => set(e.target.value)}
                            {...invalid}
                          />
                        ) : (
                          <Input
                            id={id}
                            {...invalid}
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
                        {errorText}
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
              // Added on screen; saved with Done (or Save Draft / Publish) once its fields are filled.
              editor.add({
                id: null,
                webhookUrl: null,
                methodType: type,
                isEnabled: true,
                configuration,
                secretsSet: {},
              });
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
