import http from 'node:http';
import type { Message } from '#shared/schemas/messaging.ts';

// Test helper (not a test file): a real HTTP client on /api/conversations/stream.

/** Opens the SSE stream as a real HTTP client and collects `message` events. */
export function openStream(base: string, cookie: string) {
  const received: Message[] = [];
  const waiters: (() => void)[] = [];
  let buffer = '';
  let request: http.ClientRequest;
  let markEnded: () => void = () => {};
  /** Resolves when the server ends the stream. */
  const ended = new Promise<void>((resolve) => {
    markEnded = resolve;
  });
  const ready = new Promise<number>((resolve, reject) => {
    request = http.get(
      `${base}/api/conversations/stream`,
      { headers: { cookie, accept: 'text/event-stream' } },
      (res) => {
        resolve(res.statusCode ?? 0);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (event === 'message' && data) {
              received.push(JSON.parse(data) as Message);
              for (const w of waiters.splice(0)) w();
            }
            end = buffer.indexOf('\n\n');
          }
        });
        res.on('error', () => {});
        res.on('end', () => markEnded());
      },
    );
    request.on('error', reject);
  });
  return {
    ready,
    ended,
    received,
    /** Resolves with the first message matching, or rejects after `ms`. */
    async next(match: (m: Message) => boolean, ms = 2000): Promise<Message> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no matching message within the time limit');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close() {
      request.destroy();
    },
  };
}
