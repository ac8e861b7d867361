const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path parameter can be a row id (anything else is answered 404 without asking the database). */
export const isUuid = (value: string) => UUID.test(value);
