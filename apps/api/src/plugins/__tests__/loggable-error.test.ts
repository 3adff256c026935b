import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggableError } from '../errors';

describe('loggableError', () => {
  it("keeps a failed query's SQL and database error but not its parameters", () => {
    const cause = Object.assign(new Error('value too long for type character varying(50)'), {
      code: '22001',
    });
    const error = new DrizzleQueryError(
      'insert into "contact_messages" ("message", "email") values ($1, $2)',
      ['My card number is in here', 'someone@example.com'],
      cause,
    );
    const logged = JSON.stringify(loggableError(error));
    expect(logged).not.toContain('someone@example.com');
    expect(logged).not.toContain('My card number');
    expect(logged).toContain('contact_messages');
    expect(logged).toContain('22001');
    expect(logged).toContain('value too long');
  });

  it('passes other errors through', () => {
    const error = new Error('boom');
    expect(loggableError(error)).toBe(error);
  });
});
