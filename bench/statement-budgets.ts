/*
 * SQL statements and round trips of one run of each hot API call, counted at the pg driver as a
 * serving process makes it (bench/api/statements.ts): counts, the same on any machine. Each
 * limit is today's count, a ceiling: a change may raise one only with its reason written beside it.
 */

/** A count a call must not go past. */
export interface StatementBudget {
  limit: number;
  direction: 'max';
  unit: 'count';
}

const max = (limit: number): StatementBudget => ({ limit, direction: 'max', unit: 'count' });

export const statementBudgets = {
  'statements: login': max(8),
  'round trips: login': max(10),
  'statements: lounge list': max(0),
  'round trips: lounge list': max(0),
  'statements: slot grid': max(0),
  'round trips: slot grid': max(0),
  'statements: lounge pre-book': max(2),
  'round trips: lounge pre-book': max(2),
  'statements: pay with passes': max(6),
  'round trips: pay with passes': max(8),
  'statements: pay by card': max(13),
  'round trips: pay by card': max(15),
  'statements: cancel': max(7),
  'round trips: cancel': max(9),
  'statements: amend': max(9),
  'round trips: amend': max(11),
  'statements: offer redeem': max(8),
  'round trips: offer redeem': max(10),
  'statements: voucher confirm': max(3),
  'round trips: voucher confirm': max(5),
  'statements: digital-card verify': max(1),
  'round trips: digital-card verify': max(1),
} as const satisfies Record<`${'statements' | 'round trips'}: ${string}`, StatementBudget>;
