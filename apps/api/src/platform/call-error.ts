import { errorCatalogue, errorText, type ErrorName, type FailureResult } from '@portal/contract';

export type FieldProblem = NonNullable<FailureResult['fields']>[number];

/** A failure a call answers on purpose: HTTP 200, state '0', the catalogue's code and text. */
export class CallError extends Error {
  readonly errorName: ErrorName;
  readonly code: string;
  /** Seconds to wait, for locks and throttles (`result.time`). */
  readonly time: number | undefined;
  /** Which fields were wrong and why (`result.fields`, message keys). */
  readonly fields: readonly FieldProblem[] | undefined;
  /** A booking's price now, when it changed since the member was shown it (`result.price`). */
  readonly price: FailureResult['price'];

  constructor(
    name: ErrorName,
    options: {
      time?: number;
      fields?: readonly FieldProblem[];
      price?: FailureResult['price'];
    } = {},
  ) {
    const def = errorCatalogue[name];
    // A text with a wait says how long: the lock's seconds left, in minutes.
    super(errorText(def, options.time));
    this.name = 'CallError';
    this.errorName = name;
    this.code = def.code;
    this.time = options.time;
    this.fields = options.fields;
    this.price = options.price;
  }

  /** What the failure carries beside its code, if anything. */
  result(): FailureResult | undefined {
    if (this.time === undefined && this.fields === undefined && this.price === undefined)
      return undefined;
    return {
      ...(this.time === undefined ? {} : { time: this.time }),
      ...(this.fields === undefined ? {} : { fields: [...this.fields] }),
      ...(this.price === undefined ? {} : { price: this.price }),
    };
  }
}
