import { Writable } from 'node:stream';

/** A log destination for buildApp's `logStream` that keeps every line written, for tests that read the logs. */
export function captureLogs(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, lines };
}
