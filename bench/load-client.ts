import { createRequire } from 'node:module';

// autocannon 9 appends every response body to a string (`req.body += chunk` in lib/pipelinedRequestsQueue.js), to
// offer it to body checks. Decoding a compressed body as UTF-8 costs the client about 15 ns a byte, more than the
// server spends answering a 7 KB page: measured here, the client's thread was full at 9,700 req/s while the
// server's was half idle. No bench reads bodies (bytes are counted from the socket), so in this process the body is
// dropped. Benches that use it run autocannon in this thread (no `workers`), with their server in another process.
const require = createRequire(import.meta.url);
const { prototype } = require('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { addBody: (data: Buffer) => void };
};
prototype.addBody = () => {};

export { default as autocannon } from 'autocannon';
