// Adds up vitest's JSON reports and prints one closing line: "Total: N passed, N failed".
// The total counts tests run. The embedded project runs a few api files again on PGlite, so the
// line before the total says how many distinct tests that is (each file and test name once).
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const distinct = new Set();
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  for (const result of report.testResults ?? [])
    for (const test of result.assertionResults ?? [])
      distinct.add(`${path.relative(process.cwd(), result.name)} › ${test.fullName}`);
  console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
console.log(
  `(${distinct.size} distinct tests; the embedded project runs some api files again on PGlite)`,
);
console.log(`Total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
