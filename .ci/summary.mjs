// Adds up vitest's JSON reports and prints one closing line: "Total: N passed, N failed".
// The total counts tests run, not distinct tests: the API suite runs twice (unit.json on PGlite,
// api-postgres.json on PostgreSQL), and the race tests twice (on npm test's own PostgreSQL and on
// CI's); the line before the total says how many distinct tests that is.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
const again = fs.existsSync(path.join(dir, 'api-postgres.json'))
  ? JSON.parse(fs.readFileSync(path.join(dir, 'api-postgres.json'), 'utf8')).numTotalTests
  : 0;
console.log(
  `(${passed + failed + skipped - again} distinct tests; api-postgres.json runs the API and race suites again on PostgreSQL)`,
);
console.log(`Total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
