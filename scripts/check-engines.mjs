#!/usr/bin/env node
/*
 * Every installed package accepts the oldest Node the README states (issue 21: `npm ci` warned
 * that Lighthouse, puppeteer and cookie 2 ask for Node 22). Reads package-lock.json: each
 * package's `engines.node` must admit the lowest version of the root's own `engines.node`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const stated = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines?.node;
const oldest = stated && semver.minVersion(stated);
if (!oldest) {
  console.error('package.json states no Node version (engines.node).');
  process.exit(1);
}

const refusing = Object.entries(lock.packages)
  .filter(([where]) => where !== '')
  .map(([where, entry]) => ({ where, range: entry.engines?.node }))
  .filter(({ range }) => typeof range === 'string' && semver.validRange(range))
  .filter(({ range }) => !semver.satisfies(oldest, range));

if (refusing.length > 0) {
  console.error(`These packages refuse Node ${oldest.version} (package.json: ${stated}):`);
  for (const { where, range } of refusing) console.error(`  ${where}: node ${range}`);
  process.exit(1);
}
console.log(`Every package accepts Node ${oldest.version} (package.json: ${stated}).`);
