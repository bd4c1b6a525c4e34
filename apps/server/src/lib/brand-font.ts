import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * Academy's brand font for server-made images and documents (generated thumbnails now, certificate
 * PDFs later): Be Vietnam Pro (SIL Open Font License), a sans-serif drawn for Vietnamese, shipped as
 * TTF files by the npm package `@expo-google-fonts/be-vietnam-pro`, so rendering needs no system
 * fonts. `files` are absolute paths to TrueType files (usable by resvg and by pdf-lib + fontkit).
 */
export const BRAND_FONT = {
  family: "Be Vietnam Pro",
  files: {
    regular: require.resolve("@expo-google-fonts/be-vietnam-pro/400Regular/BeVietnamPro_400Regular.ttf"),
    semiBold: require.resolve("@expo-google-fonts/be-vietnam-pro/600SemiBold/BeVietnamPro_600SemiBold.ttf"),
    bold: require.resolve("@expo-google-fonts/be-vietnam-pro/700Bold/BeVietnamPro_700Bold.ttf"),
  },
} as const;
