import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import {
  API_PREFIX,
  callGroups,
  errorCatalogue,
  errorsOf,
  IP_LIMITS,
  type CallDef,
  type CallGroupName,
  type ErrorName,
} from '@portal/contract';
import { callExample } from '@portal/contract/call-examples';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import type { Env } from '../config/env';
import { OPS_KEY_HEADER, OPS_NOT_FOUND, OPS_TAG } from '../modules/ops/ops-auth';

/** The ways in: a member's token from login, and (where the operator routes are listed) the operators' key. */
const MEMBER_SCHEME = {
  memberToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The `token` a login call answers (`/login/gen-token`, `/login/gen-token-by-code`), sent as ' +
      '`Authorization: Bearer <token>`; the token alone, without `Bearer `, is accepted too. It ' +
      'lasts `tokenExpirySeconds`; a call made with an expired or revoked token answers 20002.',
  },
} as const satisfies Record<string, OpenAPIV3.SecuritySchemeObject>;

const OPS_SCHEME = {
  opsKey: {
    type: 'apiKey',
    in: 'header',
    name: OPS_KEY_HEADER,
    description:
      "The operators' key (the server's `OPS_API_KEY`). Production refuses to start without one; " +
      'outside production, callers on this machine need none.',
  },
} as const satisfies Record<string, OpenAPIV3.SecuritySchemeObject>;

/** What each contract group is, for the document's tags (one per group, and the operators'). */
const GROUP_DESCRIPTIONS: Record<CallGroupName, string> = {
  basic: 'Reference lists: dial codes, terms links and legal documents, and the airports.',
  home: "The issuer's home page: its banners, notices and maintenance window.",
  products:
    'The catalogue: lounges, dining, spa and fast-track lanes at an airport, and each one in full.',
  help: 'Frequently asked questions and the contact form.',
  user: "Checks made while registering or changing details: an email's or a mobile's owner.",
  login: 'Logging in (password, one-time code) and out; the public key passwords travel under.',
  password: 'Forgotten and changed passwords.',
  registration:
    'Registering a membership number: the card check, the one-time code and the account.',
  account: "The member's own details, contact preferences, vouchers and account closure.",
  bookings:
    "The member's bookings and usage history: list, detail, cancellation, PDF and calendar.",
  payment: 'Payment cards kept with the provider: add (3-D Secure), list, choose, remove.',
  membership: 'Memberships: the cards a member holds, plans and passes to buy, and their orders.',
  prebooking:
    'Lounge and fast-track pre-booking: slots with places left, a hold while the member pays, the price, the order and its confirmation.',
  offers: 'Dining and spa offers: redeeming one for a voucher, and its PDF.',
};

const OPS_DESCRIPTION =
  "The operators' API (the portal CLI's server side): issuing memberships, setting passes, checking cards, bookings and vouchers at the door, the maintenance window and the catalogue. Its failures are `OpsFailure` with an HTTP status.";

interface ContractOperation {
  operationId: string;
  group: CallGroupName;
  call: CallDef;
}

/** Every contract call by its URL, with its operation id (`group.name`). */
function contractOperations(): Map<string, ContractOperation> {
  const byUrl = new Map<string, ContractOperation>();
  for (const [group, members] of Object.entries(callGroups) as [
    CallGroupName,
    Record<string, CallDef>,
  ][]) {
    for (const [name, call] of Object.entries(members)) {
      byUrl.set(`${API_PREFIX}${call.path}`, { operationId: `${group}.${name}`, group, call });
    }
  }
  return byUrl;
}

const escapeCell = (text: string) => text.replaceAll('|', '\\|');

/** The failures a call may answer, as the description's table. */
function errorTable(names: readonly ErrorName[]): string {
  const rows = names.map((name) => {
    const { code, message } = errorCatalogue[name];
    return `| ${code} | \`${name}\` | ${escapeCell(message)} |`;
  });
  return ['| errorCode | Name | errorMsg |', '|---|---|---|', ...rows].join('\n');
}

/** A call's description: what it is, who may make it, its limits, and every failure it answers. */
function describe(call: CallDef): string {
  const parts: string[] = [];
  if (call.description) parts.push(call.description);
  parts.push(
    call.auth === 'member'
      ? "Needs a member's token (`memberToken`); the call acts on that member's own data only."
      : 'Public: no token needed.',
  );
  if (call.ipLimit) {
    const { max, windowSeconds } = IP_LIMITS[call.ipLimit];
    // A member's calls count against the member, a public call's against the caller's address.
    const [holder, code] =
      call.auth === 'member' ? ["the member's", '10030'] : ["the caller's address's", '10029'];
    parts.push(
      `Counted against ${holder} \`${call.ipLimit}\` budget: past ${max} calls in ${windowSeconds / 60} minutes it answers ${code}.`,
    );
  }
  if (call.file) {
    parts.push(
      `On success the answer is the file itself (\`${call.file}\`, as an attachment), not the envelope; a failure is the envelope as for every call.`,
    );
  }
  parts.push(`Failures (state \`0\`):\n\n${errorTable(errorsOf(call))}`);
  return parts.join('\n\n');
}

/**
 * Per-route part of the document: what the contract says of each call. The operator routes are
 * listed outside production only: a document served in production (API_DOCS=1) faces the
 * network, and names no door it does not have to.
 */
const transformFor =
  (listOps: boolean): FastifyDynamicSwaggerOptions['transform'] =>
  (document) => {
    if (document.url.startsWith('/ops-api/') && !listOps) {
      return { schema: { hide: true }, url: document.url };
    }
    const transformed = jsonSchemaTransform(document);
    const operation = OPERATIONS().get(document.url);
    if (!operation) return transformed;
    const { call, group, operationId } = operation;
    const schema = transformed.schema as Record<string, unknown> & {
      headers?: { properties?: Record<string, unknown>; required?: string[] };
    };
    // The token is the security scheme's, not a parameter of each call.
    delete schema.headers?.properties?.authorization;
    return {
      url: transformed.url,
      schema: {
        ...schema,
        operationId,
        summary: call.summary,
        description: describe(call),
        tags: [group],
        security: call.auth === 'member' ? [{ memberToken: [] }] : [],
      },
    };
  };

let operations: Map<string, ContractOperation> | undefined;
const OPERATIONS = () => (operations ??= contractOperations());

const ref = (kind: 'schemas' | 'responses', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

/** An amount in minor units with its ISO 4217 currency. */
const MONEY: OpenAPIV3.SchemaObject = {
  type: 'object',
  required: ['amount', 'currency'],
  properties: {
    amount: { type: 'integer', minimum: 0, description: 'Minor units (pence, cents).' },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
  },
};

/** The envelope every call answers, described once. */
const ENVELOPE_SCHEMAS: Record<string, OpenAPIV3.SchemaObject> = {
  Success: {
    type: 'object',
    description:
      "A call's answer on success. `result` is the call's own (see each call); `state` is `1`, or `11` for the public-key call.",
    required: ['state', 'errorCode', 'result'],
    properties: {
      state: { type: 'string', enum: ['1', '11'] },
      errorCode: { type: 'string', nullable: true, enum: [null] },
      result: { description: "The call's answer." },
    },
  },
  Failure: {
    type: 'object',
    description:
      "A call's answer on failure, with HTTP 200 (500 for a fault of the server). `errorCode` is the catalogue's code, `errorMsg` its English message; a client shows its own text by code.",
    required: ['state', 'errorCode', 'errorMsg'],
    properties: {
      state: { type: 'string', enum: ['0'] },
      errorCode: { type: 'string', pattern: '^\\d{5,6}$' },
      errorMsg: { type: 'string' },
      result: ref('schemas', 'FailureResult'),
    },
  },
  FailureResult: {
    type: 'object',
    description: 'What a failure may carry beside its code.',
    properties: {
      time: {
        type: 'integer',
        minimum: 0,
        description:
          'Seconds until a lock or a busy period ends (a locked login, a code resent too soon).',
      },
      fields: {
        type: 'array',
        description: 'Which parts of the payload were not valid (10001).',
        items: {
          type: 'object',
          required: ['path', 'message'],
          properties: {
            path: { type: 'string', description: 'The field, dotted: `passengers.0.email`.' },
            message: { type: 'string' },
          },
        },
      },
      price: {
        type: 'object',
        description:
          "A booking's price now, when it changed since the member was shown it (50020): paid when prepare-order is sent again with `confirmedTotal` (its `total`).",
        required: ['passengers', 'infants', 'passesUsed', 'paidPassengers', 'unitPrice', 'total'],
        properties: {
          passengers: { type: 'integer', minimum: 1 },
          infants: { type: 'integer', minimum: 0 },
          passesUsed: { type: 'integer', minimum: 0 },
          paidPassengers: { type: 'integer', minimum: 0 },
          unitPrice: { ...MONEY, nullable: true },
          total: MONEY,
        },
      },
    },
  },
};

const OPS_SCHEMAS: Record<string, OpenAPIV3.SchemaObject> = {
  OpsFailure: {
    type: 'object',
    description: "An operator call's failure, with its HTTP status (400, 403, 404, 500).",
    required: ['error', 'message'],
    properties: {
      error: {
        type: 'string',
        enum: [
          'invalid-request',
          'forbidden',
          'unknown-card-type',
          'unknown-membership',
          'unknown-lane',
          'invalid-catalogue',
          'server-error',
        ],
      },
      message: { type: 'string' },
      fields: {
        type: 'array',
        items: {
          type: 'object',
          required: ['path', 'message'],
          properties: { path: { type: 'string' }, message: { type: 'string' } },
        },
      },
      problems: {
        type: 'array',
        items: {
          type: 'object',
          required: ['row', 'id', 'field', 'message'],
          properties: {
            row: { type: 'integer' },
            id: { type: 'string', nullable: true },
            field: { type: 'string' },
            message: { type: 'string' },
          },
        },
      },
    },
  },
};

const failureOf = (name: ErrorName) => {
  const { code, message } = errorCatalogue[name];
  return { state: '0', errorCode: code, errorMsg: message };
};

const SHARED_RESPONSES: Record<string, OpenAPIV3.ResponseObject> = {
  ServerError: {
    description: 'A fault of the server (logged with the request id it answers in `x-request-id`).',
    content: {
      'application/json': {
        schema: ref('schemas', 'Failure'),
        example: failureOf('serverError'),
      },
    },
  },
};

const OPS_RESPONSES: Record<string, OpenAPIV3.ResponseObject> = {
  OpsFailure: {
    description: 'The operator call failed: see `error` and `message`.',
    content: { 'application/json': { schema: ref('schemas', 'OpsFailure') } },
  },
};

type Operation = OpenAPIV3.OperationObject;

/** A call's answers: the envelope (success or one of its failures), the file where it has one, and 500. */
function responsesOf(operation: Operation, { call }: ContractOperation): OpenAPIV3.ResponsesObject {
  const generated = operation.responses?.['200'] as OpenAPIV3.ResponseObject | undefined;
  const envelope = generated?.content?.['application/json']?.schema as
    { anyOf?: { properties?: { result?: OpenAPIV3.SchemaObject } }[] } | undefined;
  const resultSchema = envelope?.anyOf?.[0]?.properties?.result;
  const failures = errorsOf(call).filter((name) => name !== 'serverError');
  const failure = {
    allOf: [
      ref('schemas', 'Failure'),
      {
        type: 'object',
        properties: {
          errorCode: {
            type: 'string',
            enum: failures.map((name) => errorCatalogue[name].code),
          },
        },
      },
    ],
  } as OpenAPIV3.SchemaObject;
  const state = call.successState ?? '1';
  const success = {
    allOf: [
      ref('schemas', 'Success'),
      {
        type: 'object',
        required: ['state', 'result'],
        properties: { state: { type: 'string', enum: [state] }, result: resultSchema ?? {} },
      },
    ],
  } as OpenAPIV3.SchemaObject;
  const examples: Record<string, OpenAPIV3.ExampleObject> = {};
  const example = callExample(call);
  if (example) {
    examples.success = {
      summary: 'Success',
      value: { state, errorCode: null, result: example.result },
    };
  }
  for (const name of failures) {
    examples[name] = {
      summary: `${errorCatalogue[name].code} ${name}`,
      value: failureOf(name),
    };
  }
  const content: Record<string, OpenAPIV3.MediaTypeObject> = call.file
    ? {
        [call.file]: { schema: { type: 'string', format: 'binary' } },
        'application/json': { schema: failure, examples },
      }
    : { 'application/json': { schema: { oneOf: [success, failure] }, examples } };
  return {
    '200': {
      description: call.file
        ? `The file (${call.file}); or the failure envelope (application/json).`
        : "The envelope: the call's result, or a failure with one of its codes.",
      content,
    },
    '500': ref('responses', 'ServerError'),
  };
}

/** Adds the contract's example payload to a call's request body. */
function withExample(operation: Operation, call: CallDef): Operation['requestBody'] {
  const body = operation.requestBody as OpenAPIV3.RequestBodyObject | undefined;
  const media = body?.content['application/json'];
  const example = callExample(call);
  if (!body || !media || !example) return body;
  return { ...body, content: { 'application/json': { ...media, example: example.payload } } };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** The operators' calls: their key, their tag, and their failures. */
function opsResponses(operation: Operation): OpenAPIV3.ResponsesObject {
  return {
    ...operation.responses,
    '400': ref('responses', 'OpsFailure'),
    '403': ref('responses', 'OpsFailure'),
    ...(OPS_NOT_FOUND.has(operation.operationId ?? '')
      ? { '404': ref('responses', 'OpsFailure') }
      : {}),
    '500': ref('responses', 'OpsFailure'),
  };
}

/** The whole document: the envelope once, each call's failures and examples, the schemes, the tags. */
function transformObject(
  env: Env,
  listOps: boolean,
): FastifyDynamicSwaggerOptions['transformObject'] {
  return (documentObject) => {
    if (!('openapiObject' in documentObject)) throw new Error('The portal writes OpenAPI 3 only');
    const document = documentObject.openapiObject as OpenAPIV3.Document;
    const paths: OpenAPIV3.PathsObject = {};
    for (const [url, item] of Object.entries(document.paths ?? {})) {
      const operation = OPERATIONS().get(url);
      const next: OpenAPIV3.PathItemObject = { ...item };
      for (const method of METHODS) {
        const op = item?.[method];
        if (!op) continue;
        if (operation) {
          next[method] = {
            ...op,
            requestBody: withExample(op, operation.call),
            responses: responsesOf(op, operation),
          };
        } else if (op.tags?.includes(OPS_TAG)) {
          next[method] = { ...op, responses: opsResponses(op) };
        }
      }
      paths[url] = next;
    }
    return {
      ...document,
      info: {
        title: 'Lounge portal API',
        version: '1',
        description: INFO_DESCRIPTION,
        contact: { name: 'Portal integration support', email: env.SUPPORT_MAILBOX },
        license: {
          name: 'Proprietary: for the issuing banks and their integrators',
          url: `${serverUrl(env).replace(/\/$/, '')}/terms-use`,
        },
      },
      servers: [{ url: serverUrl(env), description: 'This portal' }],
      tags: [
        ...(Object.keys(GROUP_DESCRIPTIONS) as CallGroupName[]).map((name) => ({
          name,
          description: GROUP_DESCRIPTIONS[name],
        })),
        ...(listOps ? [{ name: OPS_TAG, description: OPS_DESCRIPTION }] : []),
      ],
      paths,
      components: {
        ...document.components,
        schemas: {
          ...document.components?.schemas,
          ...ENVELOPE_SCHEMAS,
          ...(listOps ? OPS_SCHEMAS : {}),
        },
        responses: {
          ...document.components?.responses,
          ...SHARED_RESPONSES,
          ...(listOps ? OPS_RESPONSES : {}),
        },
        securitySchemes: securitySchemes(listOps),
      },
    };
  };
}

/**
 * Where the portal answers: PUBLIC_URL, or else the address the document itself was fetched
 * from (a relative URL: the port a local portal took is not known here).
 */
function serverUrl(env: Env): string {
  return env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : '/';
}

const INFO_DESCRIPTION = [
  'The API behind the lounge and fast-track portal that UK banks offer their cardholders.',
  'Every call is `POST` under `/client-api` with a JSON payload, and answers HTTP 200 with the envelope: ' +
    '`{"state": "1", "errorCode": null, "result": …}` on success, or ' +
    '`{"state": "0", "errorCode": "20003", "errorMsg": "…", "result": {"time"?, "fields"?}}` on failure ' +
    '(components `Success`, `Failure`, `FailureResult`). A fault of the server answers 500 with the failure envelope (10000).',
  "Each call lists the codes it may answer, with the catalogue's English message. Calls marked with `memberToken` need the token a login answers; the others are public.",
  'Optional headers: `channel: ASE` (the portal sends it), `Accept-Language` (the first tag is used).',
].join('\n\n');

const securitySchemes = (listOps: boolean) => ({
  ...MEMBER_SCHEME,
  ...(listOps ? OPS_SCHEME : {}),
});

/** @fastify/swagger's options for the portal's document. */
export function apiDocumentOptions(env: Env): FastifyDynamicSwaggerOptions {
  const listOps = env.NODE_ENV !== 'production';
  return {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Lounge portal API', version: '1' },
      // @fastify/swagger reads the schemes to leave their headers out of the parameters.
      components: { securitySchemes: securitySchemes(listOps) },
    },
    transform: transformFor(listOps),
    transformObject: transformObject(env, listOps),
  };
}
