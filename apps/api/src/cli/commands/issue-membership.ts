import { parseArgs } from 'node:util';
import { callOps } from '../ops-client';

export async function issueMembership(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      issuer: { type: 'string' },
      count: { type: 'string', default: '1' },
      holder: { type: 'string' },
      'card-type': { type: 'string' },
      expires: { type: 'string' },
    },
    strict: true,
  });
  if (!values.issuer) throw new Error('--issuer is required (e.g. --issuer natwest).');
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > 1000)
    throw new Error('--count must be a whole number from 1 to 1000.');
  const result = (await callOps('POST', '/ops-api/memberships/issue', {
    issuer: values.issuer,
    count,
    ...(values.holder ? { holder: values.holder } : {}),
    ...(values['card-type'] ? { cardType: values['card-type'] } : {}),
    ...(values.expires ? { expiresOn: values.expires } : {}),
  })) as { numbers: string[] };
  process.stdout.write(result.numbers.map((n) => `${n}\n`).join(''));
}
