const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an id from a request can be a row's uuid: anything else is nobody's (notFound), never
 * a database error (the uuid cast would refuse it).
 */
export const isUuid = (id: string): boolean => UUID.test(id);
