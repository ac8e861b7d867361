import { defineMediaSuite } from './media.suite.ts';

// The media API on the default object store: files under DATA_DIR/objects.
defineMediaSuite('disk', () => undefined);
