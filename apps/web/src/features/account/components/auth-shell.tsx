import type * as React from "react";
import { Link } from "react-router";
import { BrandMark } from "@/components/layout/brand";
import { LanguageSwitch } from "@/components/layout/language-switch";
import { Card, CardContent, CardHeader } from "@/components/ui/card";

/** The /auth look (brand gradient, one card) for the forgot- and reset-password pages. */
export function AuthShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-h-svh flex-col bg-gradient-to-br from-brand via-[#283593] to-[#0d1250]">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Link to="/" className="text-white">
          <BrandMark />
        </Link>
        <LanguageSwitch />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center">
        <Card className="w-full max-w-md">
          <CardHeader className="text-center">
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
            {subtitle ? <p className="text-sm text-muted-foreground">{subtitle}</p> : null}
          </CardHeader>
          <CardContent className="grid gap-5">{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}
