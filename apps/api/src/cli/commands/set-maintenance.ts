import { parseArgs } from 'node:util';
import { callOps } from '../ops-client';

interface MaintenanceAnswer {
  maintenance: { from: string; to: string; message: string };
  isDefault: boolean;
}

export async function setMaintenance(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      message: { type: 'string' },
      clear: { type: 'boolean', default: false },
    },
    strict: true,
  });
  let answer: MaintenanceAnswer;
  if (values.clear) {
    if (values.from || values.to || values.message)
      throw new Error('--clear takes no other option.');
    answer = (await callOps('DELETE', '/ops-api/maintenance')) as MaintenanceAnswer;
  } else {
    if (!values.from || !values.to)
      throw new Error(
        '--from and --to are required, as ISO instants (e.g. --from 2026-03-01T22:00:00Z), or use --clear.',
      );
    answer = (await callOps('PUT', '/ops-api/maintenance', {
      from: values.from,
      to: values.to,
      ...(values.message ? { message: values.message } : {}),
    })) as MaintenanceAnswer;
  }
  const { from, to, message } = answer.maintenance;
  process.stdout.write(
    `Maintenance window${answer.isDefault ? ' (default)' : ''}: ${from} to ${to}\n${message}\n`,
  );
}
