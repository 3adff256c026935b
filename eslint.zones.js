import fs from 'node:fs';
import path from 'node:path';

/**
 * The folders directly inside `dir` (none when it does not exist).
 * @param {string} dir
 * @returns {string[]}
 */
const foldersOf = (dir) =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir).filter((f) => fs.statSync(path.join(dir, f)).isDirectory())
    : [];

/**
 * The web's layers: a feature never imports another feature; shared never imports features or
 * app. Generated from the folder list, so a new feature cannot slip past.
 * @param {string} [root] the repository's root
 */
export function webZones(root = '.') {
  const featuresDir = 'apps/web/src/features';
  return [
    ...foldersOf(path.join(root, featuresDir)).map((feature) => ({
      target: `./${featuresDir}/${feature}`,
      from: `./${featuresDir}`,
      except: [`./${feature}`],
      message: 'A feature must not import another feature: move the shared piece to src/shared.',
    })),
    {
      target: './apps/web/src/shared',
      from: ['./apps/web/src/features', './apps/web/src/app'],
      message: 'shared must not import features or app.',
    },
    {
      target: './apps/web/src/features',
      from: './apps/web/src/app',
      message: 'features must not import app.',
    },
  ];
}

/**
 * The api's layers, bottom up: db (schema, client), platform (mechanisms), members (the member
 * and membership pieces several modules need), plugins, modules (one per contract group). A
 * module uses another only through that module's index.ts. Generated from the folder list.
 * @param {string} [root] the repository's root
 */
export function apiZones(root = '.') {
  const src = './apps/api/src';
  const modulesDir = `${src}/modules`;
  const modules = foldersOf(path.join(root, modulesDir));
  return [
    ...modules.map((module) => ({
      target: `${modulesDir}/${module}`,
      from: modulesDir,
      except: [
        `./${module}`,
        ...modules.filter((other) => other !== module).map((other) => `./${other}/index.ts`),
      ],
      message:
        'A module uses another only through its index.ts: export the piece there, or move it down to members/ or platform/.',
    })),
    {
      target: [`${src}/members`, `${src}/plugins`],
      from: modulesDir,
      message: 'members/ and plugins/ are below the modules: they must not import them.',
    },
    {
      target: `${src}/platform`,
      from: [modulesDir, `${src}/members`, `${src}/plugins`],
      message: 'platform/ is below members, plugins and modules: it must not import them.',
    },
    {
      target: [`${src}/db/schema.ts`, `${src}/db/client.ts`],
      from: [modulesDir, `${src}/members`, `${src}/plugins`, `${src}/platform`],
      message: 'db/ is the bottom layer: it imports nothing of the api above it.',
    },
    {
      target: `${src}/db/seed`,
      from: [modulesDir, `${src}/members`, `${src}/plugins`],
      message: 'The seed builds on db/ and platform/ only.',
    },
  ];
}
