import {
  AUDIENCES,
  CATEGORIES,
  COURSE_MESSAGES,
  type CourseInfo,
  CURRENCIES,
  type courseInfoSchema,
  GUARANTEE_MAX_DAYS,
  GUARANTEE_MIN_DAYS,
  isFreePrice,
  SKILL_LEVELS,
} from "@academy/shared";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { formatMoney } from "@/lib/format";
import { BuilderField } from "./builder-field";
import { ThumbnailField } from "./thumbnail-field";

export type CourseInfoInput = z.input<typeof courseInfoSchema>;
export type CourseInfoForm = UseFormReturn<CourseInfoInput, unknown, CourseInfo>;

/** The Select's value for "no category" (Radix items cannot have an empty value). */
const NO_CATEGORY = "none";

/** An empty input means 0 (spec: price 0 or empty = free); anything else is the number typed. */
const toNumber = (value: unknown) =>
  value === "" || value === null || value === undefined ? 0 : Number(value);

/** An empty guarantee means none (null); anything else is the number of days typed. */
const toDays = (value: unknown) =>
  value === "" || value === null || value === undefined ? null : Number(value);

/**
 * Course Information (spec 001 §2): title, category, description, thumbnail, skill level,
 * target audience, estimated duration (hours), price with currency and the money-back guarantee
 * in days (issue 24 §3: empty = none; only for a paid course); validated by the shared
 * courseInfoSchema (loaded on first validation, lib/lazy-zod-resolver.ts), messages translated.
 */
/** A subject the builder offers (Admin Panel Subjects, issue 14). */
export interface SubjectOption {
  id: string;
  name: string;
  icon: string;
}

export function CourseInfoCard({
  form,
  subjects = [],
}: {
  form: CourseInfoForm;
  subjects?: SubjectOption[];
}) {
  const { t, i18n } = useTranslation("builder");
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const [title, category, price, currency, thumbnailUrl, guaranteeDays] = form.watch([
    "title",
    "category",
    "price",
    "currency",
    "thumbnailUrl",
    "guaranteeDays",
  ]);
  const priceNumber = Number(price ?? 0);
  const paid = Number.isFinite(priceNumber) && !isFreePrice(priceNumber);
  const guaranteeHint = !paid
    ? t("info.guaranteeHintFree")
    : guaranteeDays
      ? t("info.guaranteeHintSet", { count: guaranteeDays })
      : t("info.guaranteeHintNone");
  const priceHint =
    Number.isFinite(priceNumber) && !isFreePrice(priceNumber)
      ? t("info.priceHintPaid", { price: formatMoney(priceNumber, currency ?? "VND", i18n.language) })
      : t("info.priceHintFree");

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("info.title")}</CardTitle>
        <CardDescription>{t("info.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_300px]">
          <div className="grid content-start gap-4">
            <BuilderField id="course-title" label={t("info.courseTitle")} error={errors.title?.message}>
              <Input
                id="course-title"
                maxLength={200}
                placeholder={t("info.courseTitlePlaceholder")}
                aria-invalid={Boolean(errors.title)}
                aria-describedby={errors.title ? "course-title-error" : undefined}
                {...register("title")}
              />
            </BuilderField>
            <BuilderField
              id="course-description"
              label={t("info.courseDescription")}
              error={errors.description?.message}
            >
              <Textarea
                id="course-description"
                rows={5}
                maxLength={5000}
                placeholder={t("info.courseDescriptionPlaceholder")}
                aria-invalid={Boolean(errors.description)}
                aria-describedby={errors.description ? "course-description-error" : undefined}
                {...register("description")}
              />
            </BuilderField>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <BuilderField id="course-category" label={t("info.category")}>
                <Controller
                  control={control}
                  name="category"
                  render={({ field }) => (
                    <Select
                      value={field.value ?? NO_CATEGORY}
                      onValueChange={(value) => field.onChange(value === NO_CATEGORY ? null : value)}
                    >
                      <SelectTrigger id="course-category" onBlur={field.onBlur} ref={field.ref}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value={NO_CATEGORY}>{t("notSelected")}</SelectItem>
                        {CATEGORIES.map((value) => (
                          <SelectItem key={value} value={value}>
                            {t(`categories.${value}`)}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </BuilderField>
              <BuilderField id="course-subject" label={t("info.subject")}>
                <Controller
                  control={control}
                  name="subjectId"
                  render={({ field }) => (
                    <Select
                      value={field.value ?? NO_CATEGORY}
                      onValueChange={(value) => field.onChange(value === NO_CATEGORY ? null : value)}
                    >
                      <SelectTrigger id="course-subject" onBlur={field.onBlur} ref={field.ref}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value={NO_CATEGORY}>{t("notSelected")}</SelectItem>
                        {subjects.map((subject) => (
                          <SelectItem key={subject.id} value={subject.id}>
                            {`${subject.icon} ${subject.name}`}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </BuilderField>
              <BuilderField id="course-level" label={t("info.skillLevel")}>
                <Controller
                  control={control}
                  name="skillLevel"
                  render={({ field }) => (
                    <Select value={field.value ?? "beginner"} onValueChange={field.onChange}>
                      <SelectTrigger id="course-level" onBlur={field.onBlur} ref={field.ref}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {SKILL_LEVELS.map((value) => (
                          <SelectItem key={value} value={value}>
                            {t(`levels.${value}`)}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </BuilderField>
              <BuilderField id="course-audience" label={t("info.audience")}>
                <Controller
                  control={control}
                  name="targetAudience"
                  render={({ field }) => (
                    <Select value={field.value ?? "adults"} onValueChange={field.onChange}>
                      <SelectTrigger id="course-audience" onBlur={field.onBlur} ref={field.ref}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {AUDIENCES.map((value) => (
                          <SelectItem key={value} value={value}>
                            {t(`audiences.${value}`)}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </BuilderField>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <BuilderField
                id="course-duration"
                label={t("info.duration")}
                hint={t("info.durationHint")}
                error={errors.estimatedDuration ? COURSE_MESSAGES.durationInvalid : undefined}
              >
                <div className="relative">
                  <Input
                    id="course-duration"
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={1000}
                    step={0.5}
                    className="pr-16"
                    aria-invalid={Boolean(errors.estimatedDuration)}
                    aria-describedby={
                      errors.estimatedDuration ? "course-duration-error" : "course-duration-hint"
                    }
                    {...register("estimatedDuration", { setValueAs: toNumber })}
                  />
                  <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground">
                    {t("info.hoursUnit")}
                  </span>
                </div>
              </BuilderField>
              <BuilderField
                id="course-price"
                label={t("info.price")}
                hint={priceHint}
                error={errors.price ? COURSE_MESSAGES.priceInvalid : undefined}
              >
                <div className="flex gap-2">
                  <Input
                    id="course-price"
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={currency === "USD" ? 0.01 : 1000}
                    placeholder="0"
                    aria-invalid={Boolean(errors.price)}
                    aria-describedby={errors.price ? "course-price-error" : "course-price-hint"}
                    {...register("price", { setValueAs: toNumber })}
                  />
                  <Controller
                    control={control}
                    name="currency"
                    render={({ field }) => (
                      <Select value={field.value ?? "VND"} onValueChange={field.onChange}>
                        <SelectTrigger
                          className="w-24 shrink-0"
                          aria-label={t("info.currency")}
                          onBlur={field.onBlur}
                          ref={field.ref}
                        >
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          {CURRENCIES.map((value) => (
                            <SelectItem key={value} value={value}>
                              {value}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    )}
                  />
                </div>
              </BuilderField>
              <BuilderField
                id="course-guarantee"
                label={t("info.guarantee")}
                hint={guaranteeHint}
                error={errors.guaranteeDays ? COURSE_MESSAGES.guaranteeInvalid : undefined}
              >
                <div className="relative">
                  <Input
                    id="course-guarantee"
                    type="number"
                    inputMode="numeric"
                    min={GUARANTEE_MIN_DAYS}
                    max={GUARANTEE_MAX_DAYS}
                    step={1}
                    placeholder={t("info.guaranteeNone")}
                    className="pr-16"
                    disabled={!paid}
                    aria-invalid={Boolean(errors.guaranteeDays)}
                    aria-describedby={
                      errors.guaranteeDays ? "course-guarantee-error" : "course-guarantee-hint"
                    }
                    {...register("guaranteeDays", { setValueAs: toDays })}
                  />
                  <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground">
                    {t("info.daysUnit")}
                  </span>
                </div>
              </BuilderField>
            </div>
          </div>
          <ThumbnailField
            value={thumbnailUrl ?? null}
            title={title ?? ""}
            category={category ?? null}
            onChange={(url) => form.setValue("thumbnailUrl", url, { shouldDirty: true })}
          />
        </div>
      </CardContent>
    </Card>
  );
}
