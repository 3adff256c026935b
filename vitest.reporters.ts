import path from 'node:path';

/** The default reporter, plus a JSON report when CI asks for one (.ci/summary.mjs adds them up). */
export function reporters(name: string): (string | [string, Record<string, unknown>])[] {
  const file =
    process.env.VITEST_REPORT_FILE ??
    (process.env.VITEST_REPORT_DIR
      ? path.join(process.env.VITEST_REPORT_DIR, `${name}.json`)
      : undefined);
  return file ? ['default', ['json', { outputFile: file }]] : ['default'];
}
