// Adds up vitest's JSON reports and prints one closing line: "Total: N passed, N failed".
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
console.log(`Total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
