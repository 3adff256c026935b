import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { callGroups, errorCatalogue, errorsOf, type CallDef } from '@portal/contract';
import { callExample } from '@portal/contract/call-examples';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { API_TYPES_FILE, apiTypesSource } from '../../../test/api-types';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

let t: TestApp;
let document: OpenAPIV3.Document;
let text: string;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://lounges.portal.test/' } });
  const response = await t.app.inject({ method: 'GET', url: '/api-docs/openapi.json' });
  expect(response.statusCode).toBe(200);
  text = response.body;
  document = response.json();
});
afterAll(() => t.close());

const contractCalls = Object.entries(callGroups).flatMap(([group, members]) =>
  Object.entries(members as Record<string, CallDef>).map(([name, call]) => ({
    id: `${group}.${name}`,
    group,
    call,
  })),
);

const operationOf = (call: CallDef) => {
  const operation = document.paths[`/client-api${call.path}`]?.post;
  if (!operation) throw new Error(`${call.path} is not in the document`);
  return operation;
};

const resolve = <T extends object>(value: T | OpenAPIV3.ReferenceObject): T => {
  if (!('$ref' in value)) return value;
  const [, , kind, name] = value.$ref.split('/');
  return (document.components as Record<string, Record<string, T>>)[kind!]![name!]!;
};

/** Redocly's findings on a document, with the rules of redocly.yaml. */
async function lint(source: string): Promise<string[]> {
  const config = await loadConfig({ configPath: path.join(root, 'redocly.yaml') });
  const problems = await lintFromString({
    source,
    absoluteRef: path.join(root, 'openapi.json'),
    config,
  });
  return problems.map(
    (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`,
  );
}

describe('the API document', () => {
  it("passes Redocly's recommended rules with no error and no warning (redocly.yaml)", async () => {
    expect(await lint(text)).toEqual([]);
  });

  it.each([
    ['without PUBLIC_URL', {}],
    [
      'in production (API_DOCS=1, no operator routes)',
      { NODE_ENV: 'production', OPS_API_KEY: 'k'.repeat(24), MAIL_CAPTURE: '1', API_DOCS: '1' },
    ],
  ])('%s: names the address it was fetched from, and passes too', async (_name, env) => {
    const other = await createTestApp({ env });
    try {
      const response = await other.app.inject({ method: 'GET', url: '/api-docs/openapi.json' });
      expect(response.json<OpenAPIV3.Document>().servers).toEqual([
        { url: '/', description: 'This portal' },
      ]);
      expect(await lint(response.body)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('lists every call of the contract once, with its group.name operation id, summary and tag', () => {
    const ids = Object.values(document.paths).flatMap((item) =>
      (['get', 'put', 'post', 'delete'] as const).flatMap((m) => item?.[m]?.operationId ?? []),
    );
    expect(new Set(ids).size).toBe(ids.length);
    for (const { id, group, call } of contractCalls) {
      const operation = operationOf(call);
      expect(operation.operationId).toBe(id);
      expect(operation.summary).toBe(call.summary);
      expect(operation.tags).toEqual([group]);
    }
    const tags = new Set(document.tags?.map((tag) => tag.name));
    for (const group of [...Object.keys(callGroups), 'ops']) expect(tags).toContain(group);
  });

  it("says each call's security from the contract's auth, and the operators' key on theirs", () => {
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual([
      'memberToken',
      'opsKey',
    ]);
    for (const { call } of contractCalls) {
      expect(operationOf(call).security).toEqual(
        call.auth === 'member' ? [{ memberToken: [] }] : [],
      );
      // The token is the scheme's: no call lists it as a parameter of its own.
      const headers = (operationOf(call).parameters ?? []).map((p) => resolve(p).name);
      expect(headers).not.toContain('authorization');
    }
    const opsOperations = Object.entries(document.paths)
      .filter(([url]) => url.startsWith('/ops-api/'))
      .flatMap(([, item]) => (['get', 'put', 'post', 'delete'] as const).map((m) => item?.[m]))
      .filter((op) => op !== undefined);
    expect(opsOperations.length).toBeGreaterThanOrEqual(11);
    for (const op of opsOperations) {
      expect(op.security).toEqual([{ opsKey: [] }]);
      expect(op.operationId).toMatch(/^ops\.\w+$/);
      expect(op.responses['403']).toEqual({ $ref: '#/components/responses/OpsFailure' });
    }
  });

  it('gives each call its failure codes with their messages: in the schema, the examples and the description', () => {
    for (const { call } of contractCalls) {
      const operation = operationOf(call);
      const answer = resolve<OpenAPIV3.ResponseObject>(operation.responses['200']!);
      const json = answer.content?.['application/json'];
      const failures = errorsOf(call).filter((name) => name !== 'serverError');
      for (const name of failures) {
        const { code, message } = errorCatalogue[name];
        expect(operation.description).toContain(`| ${code} | \`${name}\` | ${message} |`);
        expect(json?.examples?.[name]).toEqual({
          summary: `${code} ${name}`,
          value: { state: '0', errorCode: code, errorMsg: message },
        });
      }
      const failureSchema = JSON.stringify(json?.schema);
      expect(failureSchema).toContain('"$ref":"#/components/schemas/Failure"');
      const codes = failures.map((name) => errorCatalogue[name].code);
      expect(failureSchema).toContain(JSON.stringify({ type: 'string', enum: codes }));
      expect(operation.responses['500']).toEqual({ $ref: '#/components/responses/ServerError' });
    }
  });

  it('describes the envelope once and refers to it', () => {
    const schemas = document.components?.schemas ?? {};
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(['Success', 'Failure', 'FailureResult']),
    );
    const success = JSON.stringify(operationOf(callGroups.login.genToken).responses['200']);
    expect(success).toContain('"$ref":"#/components/schemas/Success"');
    expect(success).toContain('"token"');
  });

  it('shows a file call answering its file, and its failures as the envelope', () => {
    const files = contractCalls.filter(({ call }) => call.file);
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const { call } of files) {
      const answer = operationOf(call).responses['200'] as OpenAPIV3.ResponseObject;
      expect(answer.content?.[call.file!]?.schema).toEqual({ type: 'string', format: 'binary' });
      expect(JSON.stringify(answer.content?.['application/json']?.schema)).toContain('Failure');
    }
  });

  it('carries the contract examples of the booking and membership calls', () => {
    const withExamples = contractCalls.filter(({ call }) => callExample(call));
    const groups = new Set(withExamples.map(({ group }) => group));
    expect([...groups].sort()).toEqual(['bookings', 'membership', 'prebooking']);
    for (const { call } of withExamples) {
      const operation = operationOf(call);
      const body = operation.requestBody as OpenAPIV3.RequestBodyObject;
      expect(body.content['application/json']?.example).toEqual(callExample(call)!.payload);
      const answer = operation.responses['200'] as OpenAPIV3.ResponseObject;
      expect(answer.content?.['application/json']?.examples?.success).toMatchObject({
        value: { state: '1', errorCode: null, result: callExample(call)!.result },
      });
    }
  });

  it('names the server from PUBLIC_URL, and the contact and licence', () => {
    expect(document.servers).toEqual([
      { url: 'https://lounges.portal.test', description: 'This portal' },
    ]);
    expect(document.info.contact?.email).toBe('support@lounges.example');
    expect(document.info.license?.url).toBe('https://lounges.portal.test/terms-use');
  });

  it('matches the TypeScript types the e2e client is built from (npm run api-types to update)', async () => {
    const generated = await apiTypesSource(document);
    const file = path.join(root, API_TYPES_FILE);
    if (process.env.UPDATE_API_TYPES === '1') await fs.writeFile(file, generated);
    expect(await fs.readFile(file, 'utf8')).toBe(generated);
  });
});

describe('the reference page at /api-docs', () => {
  it('is a page of its own that loads Swagger UI from this server, under the CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api-docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script>|<script [^>]*>[^<]/);
    const scripts = [...page.body.matchAll(/(?:src|href)="(\/api-docs\/assets\/[^"]+)"/g)].map(
      (m) => m[1]!,
    );
    expect(scripts).toHaveLength(4);
    for (const url of scripts) {
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.headers['content-type']).toMatch(/^text\/(javascript|css)/);
    }
    const script = await t.app.inject({ method: 'GET', url: '/api-docs/assets/reference.js' });
    expect(script.body).toContain('validatorUrl: null');
    expect(script.body).toContain('"/api-docs/openapi.json"');
  });

  it('serves no other file of the package, nor any path', async () => {
    for (const file of [
      'index.html',
      'package.json',
      '..%2F..%2Fpackage.json',
      'absolute-path.js',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api-docs/assets/${file}` });
      expect(response.statusCode, file).toBe(404);
    }
  });

  it('is off with the document in production unless API_DOCS=1', async () => {
    const production = await createTestApp({
      env: { NODE_ENV: 'production', OPS_API_KEY: 'k'.repeat(24), MAIL_CAPTURE: '1' },
    });
    try {
      for (const url of ['/api-docs/assets/swagger-ui-bundle.js', '/api-docs/openapi.json']) {
        expect((await production.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
      const page = await production.app.inject({ method: 'GET', url: '/api-docs' });
      expect(page.body).not.toContain('swagger-ui');
    } finally {
      await production.close();
    }
  });
});
