import { errorCatalogue, type ErrorName } from '@portal/contract';

/** A failure a call answers on purpose: HTTP 200, state '0', the catalogue's code and text. */
export class CallError extends Error {
  readonly errorName: ErrorName;
  readonly code: string;
  readonly time: number | undefined;

  constructor(name: ErrorName, options: { time?: number } = {}) {
    const def = errorCatalogue[name];
    super(def.message);
    this.name = 'CallError';
    this.errorName = name;
    this.code = def.code;
    this.time = options.time;
  }
}
