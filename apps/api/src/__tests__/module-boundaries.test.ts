import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';
import { callGroups } from '@portal/contract';
import { describe, expect, it } from 'vitest';
// The zones `npm run lint` applies, generated from the folder list.
import { apiZones } from '../../../../eslint.zones.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const modulesDir = path.join(root, 'apps/api/src/modules');

/** Lints `code` as if it were the file at `file` (from the repository's root), zones only. */
async function zoneErrors(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { 'import-x': importX },
        settings: {
          'import-x/resolver-next': [
            createTypeScriptImportResolver({ project: ['apps/api/tsconfig.json'] }),
          ],
        },
        rules: { 'import-x/no-restricted-paths': ['error', { zones: apiZones(root) }] },
      },
    ],
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.message);
}

describe('the api layers, kept by the linter', () => {
  it("refuse a module importing another module's file", async () => {
    const errors = await zoneErrors(
      'apps/api/src/modules/account/probe.ts',
      "import { registerPasswordLogin } from '../login/password-login';\nexport { registerPasswordLogin };\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('A module uses another only through its index.ts');
  });

  it("let a module use another's index.ts, and its own files", async () => {
    const code =
      "import { openLogin } from '../login/index';\n" +
      "import { registerMyDetails } from './my-details';\n" +
      'export { openLogin, registerMyDetails };\n';
    expect(await zoneErrors('apps/api/src/modules/account/probe.ts', code)).toEqual([]);
  });

  it('refuse the lower layers importing the higher ones', async () => {
    const cases: [string, string][] = [
      ['apps/api/src/members/probe.ts', "import { loginModule } from '../modules/login/index';"],
      ['apps/api/src/plugins/probe.ts', "import { loginModule } from '../modules/login/index';"],
      ['apps/api/src/platform/probe.ts', "import { liveUser } from '../members/member-row';"],
      [
        'apps/api/src/platform/probe.ts',
        "import { accountModule } from '../modules/account/index';",
      ],
      ['apps/api/src/db/schema.ts', "import { systemClock } from '../platform/clock';"],
      ['apps/api/src/db/seed/probe.ts', "import { liveUser } from '../../members/member-row';"],
    ];
    for (const [file, line] of cases) {
      expect(await zoneErrors(file, `${line}\nexport {};\n`), `${file}: ${line}`).toHaveLength(1);
    }
  });

  it('have a zone for every module folder, a new one included', () => {
    const modules = fs
      .readdirSync(modulesDir)
      .filter((f) => fs.statSync(path.join(modulesDir, f)).isDirectory());
    const targets = apiZones(root).map((zone) => zone.target);
    for (const module of modules) expect(targets).toContain(`./apps/api/src/modules/${module}`);
  });
});

/** The source of a module's files (its tests left out). */
function moduleSource(module: string): string {
  const dir = path.join(modulesDir, module);
  if (!fs.existsSync(dir)) return '';
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.includes('__tests__'))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
}

describe('one module per contract group', () => {
  it("serves every call of a group from the module of the group's name", () => {
    const misplaced: string[] = [];
    for (const [group, groupCalls] of Object.entries(callGroups)) {
      const source = moduleSource(group);
      for (const name of Object.keys(groupCalls)) {
        if (!new RegExp(`\\bcalls\\.${name}\\b`).test(source)) misplaced.push(`${group}.${name}`);
      }
    }
    expect(misplaced).toEqual([]);
  });
});
