/**
 * Accent-insensitive, case-insensitive search text (issue 5 Student Management search; 000 §2).
 * Lower-cases and strips combining marks, and maps đ/Đ to d, so "Nguyễn Văn Đạt" folds to
 * "nguyen van dat". The database folds stored text with the SQL function `academy_fold`
 * (migration 0006), which gives the same result for precomposed Latin letters.
 */
export function foldSearch(value: string): string {
  return value.normalize("NFD").replace(/\p{M}/gu, "").replace(/[đĐ]/g, "d").toLowerCase();
}

/** `foldSearch(query)` with LIKE wildcards escaped (`\`, `%`, `_`), for `like '%' || q || '%' escape '\'`. */
export function likePattern(query: string): string {
  return `%${foldSearch(query.trim()).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
