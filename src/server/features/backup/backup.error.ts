/** A backup or restore that cannot go ahead, with a message for the person running it (no stack trace). */
export class BackupError extends Error {}

/** A command-line tool (pg_dump, psql) that is not installed, or too old for the server it would talk to. */
export class ToolUnavailableError extends BackupError {}
